import Foundation
import Timing

/// One source of prices: a live API, the simulated market, a test double. Providers answer one question at a
/// time; limits, caching, storage and fallback are ``MarketDataService``'s.
public protocol MarketDataProvider: Sendable {
    /// A stable id (`yahoo`, `alphavantage`, `simulated`), used in settings and stored records.
    var id: String { get }
    /// How messages name it (`Yahoo Finance`).
    var displayName: String { get }
    /// Whether answering touches the network (`--offline` forbids those).
    var requiresNetwork: Bool { get }

    /// The latest quote for `symbol`.
    /// - Throws: ``MarketDataError`` naming the symbol and the provider.
    func quote(for symbol: String) async throws -> PriceQuote

    /// Daily bars and corporate actions from `from` to `to` (both included, days in the exchange's time zone).
    /// - Throws: ``MarketDataError`` naming the symbol and the provider.
    func history(for symbol: String, from: CalendarDate, to: CalendarDate) async throws -> PriceHistory
}
