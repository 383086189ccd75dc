import Caching
import Foundation
import MarketData
import Money
import Timing

extension PortfolioService {
    /// The account's time-weighted return over `points` beside `symbol`'s return over the same days.
    func compare(_ points: [AnalyticsReport.Point], with symbol: String, mode: FetchMode) async -> BenchmarkComparison?
    {
        guard let marketData = market.marketData, let first = points.first, let last = points.last,
            let from = CalendarDate(iso8601: first.date), let to = CalendarDate(iso8601: last.date)
        else { return nil }
        let symbol = symbol.uppercased()
        var comparison = BenchmarkComparison(
            symbol: symbol, from: first.date, to: last.date, accountReturn: BenchmarkComparison.timeWeighted(points),
            benchmarkReturn: nil, note: points.count < 2 ? "the account has values recorded on one day only" : nil)
        guard points.count >= 2 else { return comparison }
        do {
            // A week before the first day, so a weekend or holiday finds the trading day before it.
            let history = try await marketData.history(
                symbol, from: from.adding(days: -7), to: to, mode: MarketService.marketMode(mode)
            ).history
            guard let start = history.bar(onOrBefore: from), let end = history.bar(onOrBefore: to),
                start.close.isPositive
            else {
                comparison.note = "\(marketData.providerName) has no close of \(symbol) on or before \(from)"
                return comparison
            }
            comparison.benchmarkReturn = try? (end.close - start.close).divided(
                by: start.close, places: 8, rounding: .halfUp)
        } catch let error as MarketDataError {
            comparison.note = error.description
        } catch {
            comparison.note = "\(error)"
        }
        return comparison
    }
}
