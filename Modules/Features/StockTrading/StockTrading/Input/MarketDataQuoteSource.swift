import Foundation
import MarketData

/// Quotes from the shared market-data kernel (Yahoo, Alpha Vantage or the simulated market, under its limits,
/// cache and fallback) for the symbols the feature lists, each in the symbol's own currency (accounts convert at
/// trade time). Only fresh prices are reported as fresh: a stored price the kernel kept because its providers
/// failed is left to ``QuoteBook``, which marks it stale with its age.
public struct MarketDataQuoteSource: MarketDataSource {
    private let market: MarketDataService
    /// The symbols asked for on each refresh.
    public let symbols: [String]

    /// Creates the source over the shared service.
    public init(market: MarketDataService, symbols: [String] = BundledStocks.all.map(\.symbol)) {
        self.market = market
        self.symbols = symbols
    }

    /// `market:<provider ids>`: prices from another choice of providers are not taken as fresh.
    public var identity: String { "market:" + market.providers.map(\.id).joined(separator: "+") }
    /// Whether any provider needs the network.
    public var requiresNetwork: Bool { market.providers.contains { $0.requiresNetwork } }
    /// The first provider's name (`Yahoo Finance`).
    public var displayName: String { market.providerName }

    /// Whether a provider is live: then only the symbols asked for are fetched (``QuoteBook`` asks for them with
    /// ``fetchQuotes(for:)``; the simulated market's list is its own ten).
    public var pricesAnySymbol: Bool { requiresNetwork }

    /// The fresh quotes of ``symbols``.
    /// - Throws: as ``fetchQuotes(for:)``.
    public func fetchQuotes() async throws -> [StockQuote] {
        try await fetchQuotes(for: symbols)
    }

    /// The fresh quotes of `symbols` (of ``symbols`` when the providers are not live), each asked for once.
    /// - Throws: The first symbol's ``MarketDataError`` when no symbol has a fresh price (``QuoteBook`` falls back
    ///   to the stored prices for a provider failure, and reports a refusal on the merits).
    public func fetchQuotes(for wanted: [String]) async throws -> [StockQuote] {
        let symbols = pricesAnySymbol ? wanted : symbols
        let results = await market.quotes(symbols)
        var quotes: [StockQuote] = []
        var failure: MarketDataError?
        for symbol in symbols.map({ $0.uppercased() }) {
            switch results[symbol] {
            case .success(let reading) where !reading.isStale:
                let listing = BundledStocks.stock(symbol)
                quotes.append(
                    StockQuote(
                        symbol: symbol, name: reading.quote.name ?? listing?.name ?? symbol,
                        sector: listing?.sector ?? "Other", price: reading.quote.price,
                        previousClose: reading.quote.previousClose, currency: reading.quote.currency))
            case .success(let reading):
                // The reading's failure already names the symbol and provider: keep only its reason.
                let prefix = "no price for \(symbol) from \(reading.provider): "
                let reason = reading.failure.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }
                failure = failure ?? .unavailable(symbol: symbol, provider: reading.provider, reason: reason ?? "stale")
            case .failure(let error):
                failure = failure ?? error
            case nil:
                continue
            }
        }
        if quotes.isEmpty, let failure { throw failure }
        return quotes
    }
}
