import Caching
import Failures
import Money

extension MarketService {
    /// The parameters of a price alert on `symbol`, checked against the prices fetched as `mode` asks: the level is
    /// in the currency the symbol is priced in (pence-quoted London prices are in pounds).
    /// - Throws: ``FolioError`` (invalid, field `symbol`) for a symbol the market does not list.
    public func alertParameters(
        symbol: String, direction: PriceAlert.Direction, level: Amount, mode: FetchMode = .normal
    ) async throws -> StockAlertParameters {
        let quotes: QuoteSet
        do {
            quotes = try await self.quotes(mode, including: [symbol])
        } catch var refusal as FolioError where refusal.kind == .notFound && refusal.field == "symbol" {
            // A symbol typed into an alert is a value the rules refuse (422 beside its field), whatever the
            // provider calls it; the provider's reason stays.
            refusal.kind = .invalid
            refusal.what = "unknown symbol \(symbol.uppercased())"
            throw refusal
        }
        do {
            let quote = try quotes.require(symbol).quote
            return StockAlertParameters(
                symbol: quote.symbol, direction: direction, level: level, currency: quote.currencyCode)
        } catch {
            throw StockTradingError.translated(error)
        }
    }
}
