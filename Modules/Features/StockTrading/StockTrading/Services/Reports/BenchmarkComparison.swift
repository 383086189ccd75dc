import Foundation
import Money
import Timing

/// The account's time-weighted return beside a benchmark's over the same days (`analytics --benchmark SPY`).
public struct BenchmarkComparison: Codable, Sendable, Equatable {
    /// The benchmark's symbol.
    public var symbol: String
    /// The first day compared: the account's first recorded value.
    public var from: String
    /// The last day compared: its latest recorded value.
    public var to: String
    /// The account's time-weighted return: the product of each recorded day's growth, deposits and withdrawals
    /// taken out (V_i / (V_{i−1} + net deposits that day) − 1), 8 places.
    public var accountReturn: Amount?
    /// The benchmark's close on `to` / its close on `from` − 1 (each the last trading day on or before), 8 places.
    public var benchmarkReturn: Amount?
    /// Why a figure is missing, when one is.
    public var note: String?

    /// The account's time-weighted return over `points` (in date order), nil with fewer than two.
    static func timeWeighted(_ points: [AnalyticsReport.Point]) -> Amount? {
        guard points.count >= 2 else { return nil }
        var growth = 1.0
        for (previous, point) in zip(points, points.dropFirst()) {
            let flow = point.invested.doubleValue - previous.invested.doubleValue
            let base = previous.totalValue.doubleValue + flow
            guard base > 0 else { return nil }
            growth *= point.totalValue.doubleValue / base
        }
        return Amount(growth - 1, places: 8)
    }
}
