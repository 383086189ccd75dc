import Foundation
import Money
import Timing

/// Everything `show` and `compare` say about one scheme, computed from its history.
public struct FundReport: Sendable {
    /// The newest NAV.
    public var latest: NAVPoint
    /// The NAV before it, if any.
    public var previous: NAVPoint?
    /// latest − previous NAV.
    public var dailyChange: Amount?
    /// latest / previous − 1.
    public var dailyChangePercent: Double?
    /// Point-to-point returns by period; a period the history does not cover is absent (its reason is in
    /// ``unavailable``).
    public var returns: [ReturnPeriod: PeriodReturn]
    /// Annualised volatility over the last year.
    public var volatility: Double?
    /// The range the drawdown (and a chart) covers.
    public var range: HistoryRange
    /// What of the range the history covers: the chart's points, and why they fall short of the range.
    public var rangeSpan: CoveredSpan
    /// The return over the range.
    public var rangeReturn: PeriodReturn?
    /// The largest fall over the range.
    public var maxDrawdown: Drawdown?
    /// The 1Y Sharpe ratio.
    public var sharpe: Double?
    /// The risk-free rate the Sharpe ratio used.
    public var riskFreeRate: Double
    /// Why figures are not available, keyed by period (`1W` … `SI`) or by `volatility`, `maxDrawdown`, `sharpe`.
    public var unavailable: [String: Uncovered]

    /// Computes the report, or nil for an empty history.
    public init?(history: NAVHistory, range: HistoryRange = .oneYear, riskFreeRate: Double = 0) {
        let series = history.series
        guard let latest = history.latest else { return nil }
        let coverage = Coverage(series)
        self.latest = latest
        let previous = history.points.count > 1 ? history.points[history.points.count - 2] : nil
        self.previous = previous
        dailyChange = previous.flatMap { try? latest.nav - $0.nav }
        dailyChangePercent =
            series.count > 1 ? series.values[series.count - 1] / series.values[series.count - 2] - 1 : nil
        var unavailable: [String: Uncovered] = [:]
        var returns: [ReturnPeriod: PeriodReturn] = [:]
        for period in ReturnPeriod.allCases {
            switch Returns.covered(series, period: period) {
            case .success(let value): returns[period] = value
            case .failure(let reason): unavailable[period.rawValue] = reason
            }
        }
        self.returns = returns
        switch Risk.volatility(series, coverage: coverage) {
        case .success(let value): volatility = value
        case .failure(let reason):
            volatility = nil
            unavailable["volatility"] = reason
        }
        self.range = range
        rangeSpan = coverage.span(of: range.period)
        rangeReturn = returns[range.period] ?? Returns.pointToPoint(series, period: range.period)
        if let shortfall = rangeSpan.shortfall {
            maxDrawdown = nil
            unavailable["maxDrawdown"] = shortfall
        } else {
            maxDrawdown = Risk.maxDrawdown(series, from: rangeSpan.start, to: rangeSpan.end)
            if maxDrawdown == nil { unavailable["maxDrawdown"] = .tooFewNAVs(count: 1, needed: 2) }
        }
        sharpe = Risk.sharpe(return: returns[.oneYear]?.absolute, volatility: volatility, riskFreeRate: riskFreeRate)
        if sharpe == nil, let reason = unavailable[ReturnPeriod.oneYear.rawValue] ?? unavailable["volatility"] {
            unavailable["sharpe"] = reason
        }
        self.riskFreeRate = riskFreeRate
        self.unavailable = unavailable
    }
}
