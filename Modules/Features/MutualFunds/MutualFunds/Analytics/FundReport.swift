import Foundation
import Timing

/// Everything `show` and `compare` say about one scheme, computed from its history.
public struct FundReport: Sendable {
    /// The newest NAV.
    public var latest: NAVPoint
    /// The NAV before it, if any.
    public var previous: NAVPoint?
    /// latest − previous NAV.
    public var dailyChange: Decimal?
    /// latest / previous − 1.
    public var dailyChangePercent: Double?
    /// Point-to-point returns by period; a period the history does not cover is absent.
    public var returns: [ReturnPeriod: PeriodReturn]
    /// Annualised volatility over the last year.
    public var volatility: Double?
    /// The range the drawdown (and a chart) covers.
    public var range: HistoryRange
    /// The return over the range.
    public var rangeReturn: PeriodReturn?
    /// The largest fall over the range.
    public var maxDrawdown: Drawdown?
    /// The 1Y Sharpe ratio.
    public var sharpe: Double?
    /// The risk-free rate the Sharpe ratio used.
    public var riskFreeRate: Double

    /// Computes the report, or nil for an empty history.
    public init?(history: NAVHistory, range: HistoryRange = .oneYear, riskFreeRate: Double = 0) {
        let series = history.series
        guard let latest = history.latest else { return nil }
        self.latest = latest
        let previous = history.points.count > 1 ? history.points[history.points.count - 2] : nil
        self.previous = previous
        dailyChange = previous.map { latest.nav - $0.nav }
        dailyChangePercent =
            series.count > 1 ? series.values[series.count - 1] / series.values[series.count - 2] - 1 : nil
        var returns: [ReturnPeriod: PeriodReturn] = [:]
        for period in ReturnPeriod.allCases {
            returns[period] = Returns.pointToPoint(series, period: period)
        }
        self.returns = returns
        volatility = Risk.volatility(series)
        self.range = range
        let start = range.startIndex(in: series)
        rangeReturn = Returns.pointToPoint(series, period: range.period)
        maxDrawdown = Risk.maxDrawdown(series, from: start, to: series.count - 1)
        sharpe = Risk.sharpe(return: returns[.oneYear]?.absolute, volatility: volatility, riskFreeRate: riskFreeRate)
        self.riskFreeRate = riskFreeRate
    }
}
