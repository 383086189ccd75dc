import Caching
import Failures
import Foundation
import Money
import Persistence
import Timing

/// Orders and cash movements on one account, each one store transaction: a refused one changes nothing.
public struct TradingService: Sendable {
    private let store: any KeyValueStore
    private let timing: Timing
    private let timeZone: TimeZone
    private let market: MarketService

    /// Creates the service.
    public init(store: any KeyValueStore, timing: Timing, timeZone: TimeZone, market: MarketService) {
        self.store = store
        self.timing = timing
        self.timeZone = timeZone
        self.market = market
    }

    /// Buys or sells `quantity` shares of `symbol` for `owner` at the current price (the last known one,
    /// marked in the report, when the source is down).
    /// - Throws: ``FolioError``: invalid (field `symbol` or `quantity`), refused (field `quantity`) for
    ///   insufficient cash or shares, unavailable without any price.
    public func trade(
        _ side: TradeSide, _ symbol: String, quantity: Int, for owner: Session, mode: FetchMode = .normal
    ) async throws -> Priced<TradeReport> {
        let quotes = try await market.quotes(mode)
        do {
            let quote = try quotes.require(symbol)
            let brokerage = brokerage(owner)
            let receipt: TradeReceipt
            if side == .buy {
                receipt = try await brokerage.buy(symbol, quantity: quantity, quotes: quotes)
            } else {
                receipt = try await brokerage.sell(symbol, quantity: quantity, quotes: quotes)
            }
            return Priced(report: TradeReport(receipt, stalePrice: quote.isStale), quotes: quotes)
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// Adds paper cash to `owner`'s account.
    /// - Throws: ``FolioError`` (invalid, field `amount`) for an amount that is not positive.
    public func deposit(_ amount: Amount, for owner: Session) async throws -> CashReport {
        let prices = await market.storedPrices()
        do {
            return CashReport(try await brokerage(owner).deposit(amount, prices: prices))
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// Takes paper cash out of `owner`'s account.
    /// - Throws: ``FolioError``: invalid (field `amount`), refused (field `amount`) beyond the cash.
    public func withdraw(_ amount: Amount, for owner: Session) async throws -> CashReport {
        let prices = await market.storedPrices()
        do {
            return CashReport(try await brokerage(owner).withdraw(amount, prices: prices))
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    private func brokerage(_ owner: Session) -> Brokerage {
        Brokerage(store: store, timing: timing, userID: owner.userID, timeZone: timeZone)
    }
}
