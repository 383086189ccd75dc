import Foundation
import MarketData

/// The kernel's simulated market as the feature's quote source: one step of the walk per refresh, each quote with
/// the listing's name and sector.
extension SimulatedMarket: MarketDataSource {
    /// Takes one step of the walk and returns the new quotes.
    public func fetchQuotes() async throws -> [StockQuote] {
        try await step().map { quote in
            let listing = listing(quote.symbol)
            return StockQuote(
                symbol: quote.symbol, name: quote.name ?? quote.symbol, sector: listing?.sector ?? "Other",
                price: quote.price, previousClose: quote.previousClose)
        }
    }
}
