import Caching
import Failures
import Money

extension MarketService {
    /// The parameters of a price alert on `symbol`, checked against the prices fetched as `mode` asks.
    /// - Throws: ``FolioError`` (invalid, field `symbol`) for a symbol the market does not list.
    public func alertParameters(
        symbol: String, direction: PriceAlert.Direction, level: Amount, mode: FetchMode = .normal
    ) async throws -> StockAlertParameters {
        let quotes = try await quotes(mode, including: [symbol])
        do {
            return StockAlertParameters(
                symbol: try quotes.require(symbol).quote.symbol, direction: direction, level: level)
        } catch {
            throw StockTradingError.translated(error)
        }
    }
}
