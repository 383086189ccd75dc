import Failures
import Foundation
import Networking

/// Why a provider gave no usable answer for a symbol; every case names the symbol and the provider, so a message
/// says which of them to blame.
public enum MarketDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The provider does not know the symbol (Yahoo's 404, Alpha Vantage's `Error Message` or empty quote).
    case unknownSymbol(symbol: String, provider: String)
    /// The provider knows the symbol but has no prices for it: delisted, or never traded.
    case delisted(symbol: String, provider: String)
    /// The provider has no prices in the span asked for (Yahoo's 400).
    case noData(symbol: String, provider: String, reason: String)
    /// The provider refused for now: a 429, a throttle body, or our own limit reached; `retryAfter` when it said.
    case rateLimited(symbol: String, provider: String, retryAfter: Duration?, reason: String)
    /// The provider could not be reached or failed (timeouts, connection errors, 5xx, an HTML error page).
    case unavailable(symbol: String, provider: String, reason: String)
    /// The provider answered something that cannot be read as prices.
    case badResponse(symbol: String, provider: String, reason: String)
    /// The provider cannot be used as configured (no API key, `--offline` for a networked provider).
    case notConfigured(symbol: String, provider: String, reason: String)

    /// The symbol asked for.
    public var symbol: String {
        switch self {
        case .unknownSymbol(let symbol, _), .delisted(let symbol, _), .noData(let symbol, _, _),
            .rateLimited(let symbol, _, _, _), .unavailable(let symbol, _, _), .badResponse(let symbol, _, _),
            .notConfigured(let symbol, _, _):
            symbol
        }
    }

    /// The provider's display name.
    public var provider: String {
        switch self {
        case .unknownSymbol(_, let provider), .delisted(_, let provider), .noData(_, let provider, _),
            .rateLimited(_, let provider, _, _), .unavailable(_, let provider, _), .badResponse(_, let provider, _),
            .notConfigured(_, let provider, _):
            provider
        }
    }

    /// Whether another provider, or a stored price, may stand in: the provider failed rather than answered.
    /// An unknown symbol, a delisting or an empty span are answers, and a second opinion would only hide them.
    public var allowsFallback: Bool {
        switch self {
        case .rateLimited, .unavailable, .badResponse, .notConfigured: true
        case .unknownSymbol, .delisted, .noData: false
        }
    }

    /// The cause in a few words.
    public var reason: String {
        switch self {
        case .unknownSymbol: "\(provider) does not know the symbol"
        case .delisted: "\(provider) has no prices for it (delisted?)"
        case .noData(_, _, let reason), .unavailable(_, _, let reason), .badResponse(_, _, let reason),
            .notConfigured(_, _, let reason):
            reason
        case .rateLimited(_, _, let retryAfter, let reason):
            reason + (retryAfter.map { ", retry after \($0.spacedSecondsText)" } ?? "")
        }
    }

    /// `no price for AAPL from Yahoo Finance: …`.
    public var description: String { "no price for \(symbol) from \(provider): \(reason)" }

    /// The refusal every face renders: unknown symbols are not found (exit 1), a provider that refuses or is down
    /// is unavailable (exit 69), an unreadable answer is bad data (exit 65), a missing key is usage (exit 64).
    public var folioError: FolioError {
        switch self {
        case .unknownSymbol, .delisted:
            FolioError(.notFound, "no price for \(symbol)", why: reason, hint: "check the symbol", field: "symbol")
        case .noData:
            FolioError(.notFound, "no prices for \(symbol) in that span", why: reason, field: "date")
        case .rateLimited:
            FolioError(
                .unavailable, "no price for \(symbol)", why: "\(provider) is limiting requests: \(reason)",
                hint: "try again later, or set market.provider to another provider")
        case .unavailable:
            FolioError(.unavailable, "no price for \(symbol)", why: "\(provider) is unavailable: \(reason)")
        case .badResponse:
            FolioError(
                .dataError, "no price for \(symbol)", why: "\(provider) answered something unreadable: \(reason)")
        case .notConfigured:
            FolioError(.usage, "no price for \(symbol)", why: "\(provider) is not usable: \(reason)")
        }
    }
}
