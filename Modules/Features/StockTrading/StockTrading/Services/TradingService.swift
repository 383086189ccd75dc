import Caching
import Failures
import Foundation
import MarketData
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

    /// Buys or sells `quantity` shares of `symbol` for `owner` at the current price in the symbol's currency (the
    /// last known one, marked in the report, when the source is down). A price in another currency than the
    /// account's is converted at the provider's current rate, which the entry records.
    /// - Throws: ``FolioError``: invalid (field `symbol` or `quantity`), refused (field `quantity`) for
    ///   insufficient cash or shares, unavailable without any price; the refusal naming the pair and the provider
    ///   when there is no rate. Nothing is stored then.
    public func trade(
        _ side: TradeSide, _ symbol: String, quantity: Int, for owner: Session, mode: FetchMode = .normal
    ) async throws -> Priced<TradeReport> {
        let quotes = try await market.quotes(mode, including: [symbol])
        do {
            let quote = try quotes.require(symbol)
            let brokerage = brokerage(owner)
            let currency = try await brokerage.currency()
            var fx: ExchangeRate?
            if quote.quote.currencyCode != currency {
                fx = try await market.exchangeRate(FXPair(from: quote.quote.currencyCode, to: currency), mode: mode)
            }
            let valued = await market.converted(quotes, to: currency, mode: mode)
            let receipt: TradeReceipt
            if side == .buy {
                receipt = try await brokerage.buy(
                    symbol, quantity: quantity, quotes: quotes, fx: fx, prices: valued.prices)
            } else {
                receipt = try await brokerage.sell(
                    symbol, quantity: quantity, quotes: quotes, fx: fx, prices: valued.prices)
            }
            return Priced(report: TradeReport(receipt, stalePrice: quote.isStale), quotes: quotes)
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// Records a buy or sell of `quantity` shares of `symbol` made on `date`, an earlier day, at `price` or, without
    /// one, at the price actually paid that day (its close times the splits since; quantities are in that day's
    /// shares). The entry is stamped 16:00 that day; cash and shares are checked against the account now.
    /// - Throws: ``FolioError``: invalid (field `date`) for a day after today, (field `price`) for a price that is
    ///   not positive; what ``MarketService/pricePaid(_:on:today:mode:)`` and ``trade(_:_:quantity:for:mode:)``
    ///   throw.
    public func trade(
        _ side: TradeSide, _ symbol: String, quantity: Int, for owner: Session, on date: CalendarDate,
        price: Amount? = nil, mode: FetchMode = .normal
    ) async throws -> Priced<TradeReport> {
        let now = timing.now()
        let today = CalendarDate(now, in: timeZone)
        guard date <= today else {
            throw FolioError(.invalid, "cannot trade on \(date)", why: "it is after today (\(today))", field: "date")
        }
        if let price, !price.isPositive {
            throw FolioError(
                .invalid, "cannot trade at \(price)", why: "a price must be more than zero", field: "price")
        }
        let brokerage = brokerage(owner)
        let currency = try await accountCurrency(brokerage)
        let close = try await paidPrice(
            symbol, on: date, today: today, price: price, currency: currency, mode: mode)
        let paid = close.price
        let priceCurrency = close.currency
        var fx: ExchangeRate?
        if priceCurrency != currency {
            fx = try await market.exchangeRate(
                FXPair(from: priceCurrency, to: currency), on: date, today: today, mode: mode)
        }
        // Today's prices only value the day's snapshot: without them the trade is still recorded.
        let quotes =
            (try? await market.quotes(mode))
            ?? QuoteSet(quotes: [:], source: market.book.sourceName, asOf: now, isStale: true)
        let valued = await market.converted(quotes, to: currency, mode: mode)
        do {
            let past = PastTrade(
                side, symbol, quantity: quantity, price: paid,
                at: date.startOfDay(in: timeZone).addingTimeInterval(16 * 3600), fx: fx)
            let receipt = try await brokerage.record(past, prices: valued.prices)
            return Priced(report: TradeReport(receipt, stalePrice: false), quotes: quotes)
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// `price` in the symbol's own currency (its quote tells which; the account's when no quote can be had), else
    /// the price paid on `date`.
    private func paidPrice(
        _ symbol: String, on date: CalendarDate, today: CalendarDate, price: Amount?, currency: String,
        mode: FetchMode
    ) async throws -> PastPrice {
        guard let price else { return try await market.pricePaid(symbol, on: date, today: today, mode: mode) }
        let quotes = try? await market.quotes(mode, including: [symbol])
        let quoted = quotes?.quote(for: symbol)?.quote.currencyCode
        return PastPrice(day: date, price: price, currency: quoted ?? currency)
    }

    /// The account's currency, its failure as the faces report it.
    private func accountCurrency(_ brokerage: Brokerage) async throws -> String {
        do {
            return try await brokerage.currency()
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// Adds paper cash to `owner`'s account.
    /// - Throws: ``FolioError`` (invalid, field `amount`) for an amount that is not positive.
    public func deposit(_ amount: Amount, for owner: Session) async throws -> CashReport {
        do {
            let brokerage = brokerage(owner)
            let currency = try await brokerage.currency()
            let prices = await market.storedPrices(in: currency)
            return CashReport(try await brokerage.deposit(amount, prices: prices))
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// Takes paper cash out of `owner`'s account.
    /// - Throws: ``FolioError``: invalid (field `amount`), refused (field `amount`) beyond the cash.
    public func withdraw(_ amount: Amount, for owner: Session) async throws -> CashReport {
        do {
            let brokerage = brokerage(owner)
            let currency = try await brokerage.currency()
            let prices = await market.storedPrices(in: currency)
            return CashReport(try await brokerage.withdraw(amount, prices: prices))
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    private func brokerage(_ owner: Session) -> Brokerage {
        Brokerage(store: store, timing: timing, userID: owner.userID, timeZone: timeZone)
    }
}
