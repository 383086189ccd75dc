import Foundation
import Timing

/// The largest fall from a running peak within a range.
public struct Drawdown: Sendable, Hashable, Codable {
    /// trough NAV / peak NAV − 1: zero or negative.
    public var value: Double
    /// The date of the peak before the deepest trough; nil when the NAV never fell.
    public var peakDate: CalendarDate?
    /// The date of the deepest trough; nil when the NAV never fell.
    public var troughDate: CalendarDate?

    /// Creates a drawdown.
    public init(value: Double, peakDate: CalendarDate?, troughDate: CalendarDate?) {
        self.value = value
        self.peakDate = peakDate
        self.troughDate = troughDate
    }
}

/// Risk measures as the CLI defines them.
///
/// - Volatility: the sample standard deviation (n − 1) of the daily simple returns between consecutive NAV
///   points over the last year (from the 1Y return's start point to the latest), × √252.
/// - Max drawdown: the largest fall from a running peak over a range, with the peak and trough dates.
/// - Sharpe (1Y): (1Y point-to-point return − risk-free rate) / volatility.
public enum Risk {
    /// Trading days in a year, the usual annualisation factor for daily returns.
    public static let tradingDaysPerYear = 252.0

    /// Annualised volatility over the last year; nil when the history does not cover the year (``Coverage``) or
    /// has fewer than three points in it.
    public static func volatility(_ series: NAVSeries) -> Double? {
        try? volatility(series, coverage: Coverage(series)).get()
    }

    /// Annualised volatility over the last year, or why it is not available: the year must be covered from its
    /// start NAV without a hole, with at least ``Coverage/volatilityMinimumNAVs`` NAVs.
    public static func volatility(_ series: NAVSeries, coverage: Coverage) -> Result<Double, Uncovered> {
        switch coverage.window(.oneYear) {
        case .failure(let reason):
            return .failure(reason)
        case .success(let start):
            let count = series.count - start
            guard count >= Coverage.volatilityMinimumNAVs,
                let value = volatility(series, from: start, to: series.count - 1)
            else { return .failure(.tooFewNAVs(count: count, needed: Coverage.volatilityMinimumNAVs)) }
            return .success(value)
        }
    }

    /// Annualised volatility of the daily returns between points `start` and `end`.
    public static func volatility(_ series: NAVSeries, from start: Int, to end: Int) -> Double? {
        let count = end - start
        guard count >= 2 else { return nil }
        // Welford's update: one pass, without the cancellation of sum-of-squares minus squared sum.
        var mean = 0.0
        var squaredDeviations = 0.0
        var previous = series.values[start]
        var seen = 0.0
        for index in (start + 1)...end {
            let value = series.values[index]
            let daily = value / previous - 1
            previous = value
            seen += 1
            let delta = daily - mean
            mean += delta / seen
            squaredDeviations += delta * (daily - mean)
        }
        let variance = squaredDeviations / (seen - 1)
        return variance.squareRoot() * tradingDaysPerYear.squareRoot()
    }

    /// The deepest peak-to-trough fall between points `start` and `end`; nil with fewer than two points.
    public static func maxDrawdown(_ series: NAVSeries, from start: Int, to end: Int) -> Drawdown? {
        guard start < end, end < series.count else { return nil }
        var peakIndex = start
        var worst = 0.0
        var worstPeak = -1
        var worstTrough = -1
        for index in start...end {
            let value = series.values[index]
            if value > series.values[peakIndex] {
                peakIndex = index
                continue
            }
            let fall = value / series.values[peakIndex] - 1
            if fall < worst {
                worst = fall
                worstPeak = peakIndex
                worstTrough = index
            }
        }
        guard worstTrough >= 0 else { return Drawdown(value: 0, peakDate: nil, troughDate: nil) }
        return Drawdown(value: worst, peakDate: series.date(at: worstPeak), troughDate: series.date(at: worstTrough))
    }

    /// (return − risk-free rate) / volatility; nil when either is unknown or the volatility is zero.
    public static func sharpe(return oneYear: Double?, volatility: Double?, riskFreeRate: Double) -> Double? {
        guard let oneYear, let volatility, volatility > 0 else { return nil }
        return (oneYear - riskFreeRate) / volatility
    }
}
