import Failures
import Foundation
import Money
import Timing

extension MarketDataService {
    /// The rate converting `from` into `to`: the quote of the pair's symbol (`GBPUSD=X`), so it is cached for the
    /// quotes' time to live, asked for once however many callers want it, taken from the next provider when one
    /// fails, and a stored rate marked stale when none answers. A currency into itself is 1, asking no one.
    /// - Throws: ``MarketDataError`` for the pair's symbol when no provider answers and nothing is stored, or when
    ///   the answer is not a rate in `to`.
    public func exchangeRate(from: String, to: String, mode: Mode = .normal) async throws -> ExchangeRate {
        let pair = FXPair(from: from, to: to)
        guard pair.from != pair.to else {
            return ExchangeRate(from: pair.from, to: pair.to, rate: 1, source: "identity", asOf: timing.now())
        }
        let reading = try await quote(pair.symbol, mode: mode)
        guard reading.quote.currency == pair.to, reading.quote.price.isPositive else {
            throw MarketDataError.badResponse(
                symbol: pair.symbol, provider: reading.provider,
                reason: "the rate is quoted in \(reading.quote.currency), not \(pair.to)")
        }
        return ExchangeRate(
            from: pair.from, to: pair.to, rate: reading.quote.price.decimalValue, source: reading.provider,
            asOf: reading.quote.marketTime, isStale: reading.isStale)
    }

    /// The close of the pair on `date` (the last trading day on or before it, at most a week): the rate of a trade
    /// recorded on an earlier day. A currency into itself is 1.
    /// - Throws: ``MarketDataError`` for the pair's symbol; ``MarketDataError/noData(symbol:provider:reason:)`` when
    ///   there is no close within the week before `date`.
    public func exchangeRate(
        from: String, to: String, on date: CalendarDate, today: CalendarDate, mode: Mode = .normal
    ) async throws -> ExchangeRate {
        let pair = FXPair(from: from, to: to)
        guard pair.from != pair.to else {
            return ExchangeRate(
                from: pair.from, to: pair.to, rate: 1, source: "identity",
                asOf: date.startOfDay(in: TimeZone(secondsFromGMT: 0)!))
        }
        let reading = try await history(pair.symbol, from: date.adding(days: -7), to: today, mode: mode)
        guard let bar = reading.history.bar(onOrBefore: date), bar.date.days(to: date) <= 7 else {
            throw MarketDataError.noData(
                symbol: pair.symbol, provider: reading.provider, reason: "no rate on or before \(date)")
        }
        return ExchangeRate(
            from: pair.from, to: pair.to, rate: bar.close.decimalValue, source: reading.provider,
            asOf: bar.date.startOfDay(in: TradingDay.zone(reading.history.exchangeTimeZone)), isStale: reading.isStale)
    }
}

extension MarketDataError {
    /// The refusal of a conversion that needed this failure's rate: it names the pair, its symbol and the provider,
    /// with the kind (and so the exit code) the failure has on its own.
    public func refusal(converting pair: FXPair) -> FolioError {
        FolioError(
            folioError.kind, "cannot convert \(pair.from) to \(pair.to)",
            why: "no \(pair.symbol) exchange rate from \(provider): \(reason)",
            hint: "try again later, or trade a symbol priced in \(pair.to)", field: "symbol")
    }
}
