import Caching
import Failures
import Foundation
import MarketData
import Money
import Timing

extension MarketService {
    /// The rate converting `pair.from` into `pair.to` now: the host's market data (cached, limited, stale when no
    /// provider answers) or, without it, the simulated market's fixed table.
    /// - Throws: ``FolioError`` naming the pair, its symbol and the provider when there is no rate.
    public func exchangeRate(_ pair: FXPair, mode: FetchMode = .normal) async throws -> ExchangeRate {
        guard let marketData else {
            let now = timing.now()
            guard let rate = SimulatedMarket.rate(pair) else {
                throw MarketDataError.unknownSymbol(symbol: pair.symbol, provider: book.sourceName)
                    .refusal(converting: pair)
            }
            return ExchangeRate(
                from: pair.from, to: pair.to, rate: rate.decimalValue, source: book.sourceName, asOf: now)
        }
        do {
            return try await marketData.exchangeRate(from: pair.from, to: pair.to, mode: Self.marketMode(mode))
        } catch let error as MarketDataError {
            throw error.refusal(converting: pair)
        }
    }

    /// The rate of `pair` on `date`, an earlier day (its close on the last trading day on or before it), for a
    /// trade recorded that day; the simulated table's fixed rate without market data.
    /// - Throws: ``FolioError`` naming the pair, its symbol and the provider when there is no rate.
    func exchangeRate(
        _ pair: FXPair, on date: CalendarDate, today: CalendarDate, mode: FetchMode
    ) async throws -> ExchangeRate {
        guard let marketData else { return try await exchangeRate(pair, mode: mode) }
        do {
            return try await marketData.exchangeRate(
                from: pair.from, to: pair.to, on: date, today: today, mode: Self.marketMode(mode))
        } catch let error as MarketDataError {
            throw error.refusal(converting: pair)
        }
    }

    /// `set` with every price in `currency`: each quote in another currency is converted at the current rate
    /// (price and previous close), a stale rate makes the quote stale, and a quote whose rate cannot be had is left
    /// out (its holding is then valued at cost and marked stale) with the set marked stale and why.
    public func converted(_ set: QuoteSet, to currency: String, mode: FetchMode = .normal) async -> QuoteSet {
        var foreign: Set<String> = []
        for market in set.quotes.values where market.quote.currencyCode != currency {
            foreign.insert(market.quote.currencyCode)
        }
        guard !foreign.isEmpty else { return set }
        var converted = set
        for code in foreign.sorted() {
            let pair = FXPair(from: code, to: currency)
            let rate: ExchangeRate
            do {
                rate = try await exchangeRate(pair, mode: mode)
            } catch {
                for (symbol, quote) in set.quotes where quote.quote.currencyCode == code {
                    converted.quotes[symbol] = nil
                }
                converted.isStale = true
                converted.failure = [set.failure, (error as? FolioError)?.line ?? "\(error)"].compactMap { $0 }
                    .joined(separator: "; ")
                continue
            }
            guard let factor = try? Amount(exactly: rate.rate) else { continue }
            for (symbol, market) in set.quotes where market.quote.currencyCode == code {
                var quote = market.quote
                guard let price = try? quote.price.multiplied(by: factor, rounding: .halfEven) else { continue }
                quote.price = price
                quote.previousClose = quote.previousClose.flatMap {
                    try? $0.multiplied(by: factor, rounding: .halfEven)
                }
                quote.currency = currency == "USD" ? nil : currency
                converted.quotes[symbol] = MarketQuote(
                    quote: quote, asOf: market.asOf, isStale: market.isStale || rate.isStale)
            }
        }
        return converted
    }
}
