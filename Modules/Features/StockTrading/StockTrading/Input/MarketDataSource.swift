import Foundation

/// Where prices come from: the bundled simulated market by default, an HTTP service when configured.
/// Anything that lists stocks with prices can back the feature (the seed's `NetworkManager` seam).
public protocol MarketDataSource: Sendable {
    /// A stable name for the source; cached quotes from another source are never taken as fresh.
    var identity: String { get }
    /// Whether fetching touches the network; a local source keeps working under `--offline`.
    var requiresNetwork: Bool { get }
    /// How to name the source in messages (`the simulated market`, `http://…/quotes.json`).
    var displayName: String { get }
    /// The current quote of every stock the source lists.
    /// - Throws: `NetworkError` or ``StockTradingError`` when the source cannot answer.
    func fetchQuotes() async throws -> [StockQuote]
    /// Whether the source prices whatever symbols it is asked for (a live market), rather than a list of its own
    /// (the simulated market's ten).
    var pricesAnySymbol: Bool { get }
    /// The current quotes of `symbols` (a source with a list of its own gives that list).
    /// - Throws: as ``fetchQuotes()``.
    func fetchQuotes(for symbols: [String]) async throws -> [StockQuote]
}

extension MarketDataSource {
    /// A list of its own.
    public var pricesAnySymbol: Bool { false }

    /// The source's own list.
    public func fetchQuotes(for symbols: [String]) async throws -> [StockQuote] { try await fetchQuotes() }
}
