import Foundation
import Networking

extension MarketDataError {
    /// A transport failure (no complete answer) as the provider's failure for `symbol`.
    public static func transport(_ error: NetworkError, symbol: String, provider: String) -> MarketDataError {
        switch error {
        case .status(429, _, let body, let retryAfter):
            .rateLimited(
                symbol: symbol, provider: provider, retryAfter: retryAfter, reason: summary(body) ?? "HTTP 429")
        case .decoding:
            .badResponse(symbol: symbol, provider: provider, reason: error.description)
        default:
            .unavailable(symbol: symbol, provider: provider, reason: error.description)
        }
    }

    /// An answer that is not a success and that the provider's own rules did not explain: 429 is a rate limit
    /// (whatever its body: Yahoo's is plain text), anything else the provider being unavailable. An HTML page
    /// (a proxy's error) is named as such rather than quoted.
    public static func status(_ response: HTTPResponse, symbol: String, provider: String, now: Date) -> MarketDataError
    {
        let body = summary(response.bodySnippet)
        if response.status == 429 {
            return .rateLimited(
                symbol: symbol, provider: provider,
                retryAfter: RetryPolicy.retryAfter(response.headers["Retry-After"], now: now),
                reason: "HTTP 429" + (body.map { ": \($0)" } ?? ""))
        }
        return .unavailable(
            symbol: symbol, provider: provider, reason: "HTTP \(response.status)" + (body.map { ": \($0)" } ?? ""))
    }

    /// The first line of a body, or `an HTML page` for markup: enough to recognise, short enough for one line.
    static func summary(_ body: String?) -> String? {
        guard let body = body?.trimmingCharacters(in: .whitespacesAndNewlines), !body.isEmpty else { return nil }
        if body.hasPrefix("<") { return "an HTML page" }
        let line = body.split(whereSeparator: \.isNewline).first.map(String.init) ?? body
        return line.count > 120 ? String(line.prefix(120)) + "…" : line
    }

    /// Whether a body looks like an HTML page (a proxy's or a login wall's), not the API's JSON.
    public static func isHTML(_ response: HTTPResponse) -> Bool {
        let type = response.headers["Content-Type"]?.lowercased() ?? ""
        return type.contains("text/html") || (summary(response.bodySnippet) == "an HTML page")
    }
}

extension HTTPClient {
    /// Sends a provider's request: a response whatever its status, or the failure to get one as the provider's
    /// ``MarketDataError`` for `symbol` (cancellation stays cancellation).
    public func send(_ request: HTTPRequest, symbol: String, provider: String) async throws -> HTTPResponse {
        do {
            return try await send(request)
        } catch let error as NetworkError {
            throw MarketDataError.transport(error, symbol: symbol, provider: provider)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw MarketDataError.unavailable(symbol: symbol, provider: provider, reason: "\(error)")
        }
    }
}
