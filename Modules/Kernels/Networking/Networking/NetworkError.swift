import Foundation

/// Why a request failed, with the URL it was for. Each message names what failed and where.
public enum NetworkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No complete response within the time allowed.
    case timedOut(url: URL, after: Duration)
    /// The connection could not be made or was dropped.
    case connectionFailed(url: URL, reason: String)
    /// The body ended before the length the server announced.
    case truncatedBody(url: URL, expected: Int, received: Int)
    /// The server answered with a status that is not a success.
    case status(code: Int, url: URL, body: String?, retryAfter: Duration?)
    /// The body could not be decoded; `path` is where in the JSON it went wrong (`data[12].nav`).
    case decoding(url: URL, path: String, reason: String)
    /// Every try timed out: no answer within the request's deadline, `after` in all over `attempts` tries.
    case noAnswer(url: URL, after: Duration, attempts: Int)

    /// The URL the failed request was for.
    public var url: URL {
        switch self {
        case .timedOut(let url, _), .connectionFailed(let url, _), .truncatedBody(let url, _, _),
            .status(_, let url, _, _), .decoding(let url, _, _), .noAnswer(let url, _, _):
            url
        }
    }

    /// Whether a later attempt might succeed: timeouts, connection failures, truncation, 429 and 5xx.
    public var isTransient: Bool {
        switch self {
        case .timedOut, .connectionFailed, .truncatedBody, .noAnswer: true
        case .status(let code, _, _, _): RetryPolicy.isRetryable(status: code)
        case .decoding: false
        }
    }

    /// Whether `error` is a ``NetworkError`` a later attempt might cure: the stale-copy rule of cached fetches
    /// (`CachedFetch(…, fallsBack: NetworkError.isTransient)`).
    public static func isTransient(_ error: any Error) -> Bool {
        (error as? NetworkError)?.isTransient ?? false
    }

    /// A one-line description naming the URL and what went wrong.
    public var description: String {
        switch self {
        case .timedOut(let url, let after):
            "request to \(url.absoluteString) timed out after \(after.secondsText)"
        case .connectionFailed(let url, let reason):
            "could not connect to \(url.absoluteString): \(reason)"
        case .truncatedBody(let url, let expected, let received):
            "response from \(url.absoluteString) was cut off after \(received) of \(expected) bytes"
        case .status(let code, let url, let body, _):
            "\(url.absoluteString) answered HTTP \(code)" + (body.map { ": \($0)" } ?? "")
        case .noAnswer(let url, let after, let attempts):
            "no answer from \(url.host ?? url.absoluteString) in \(after.spacedSecondsText)"
                + (attempts > 1 ? " over \(attempts) tries" : "")
        case .decoding(let url, let path, let reason):
            "could not read the response from \(url.absoluteString) at \(path.isEmpty ? "the top level" : path): \(reason)"
        }
    }
}

extension Duration {
    /// `40 s`, `2 s`, `0.3 s`, `1.2 s`: seconds as said in messages to people, whole when 10 s or more.
    public var spacedSecondsText: String {
        let tenths = Int((Double(components.seconds) * 10 + Double(components.attoseconds) / 1e17).rounded())
        if tenths % 10 == 0 || tenths >= 100 { return "\((tenths + 5) / 10) s" }
        return "\(tenths / 10).\(tenths % 10) s"
    }

    /// `1.5s`, `250ms`: for messages.
    var secondsText: String {
        let (seconds, attoseconds) = components
        let millis = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        if millis < 1000 { return "\(millis)ms" }
        let tenths = millis / 100
        return tenths % 10 == 0 ? "\(tenths / 10)s" : "\(tenths / 10).\(tenths % 10)s"
    }
}
