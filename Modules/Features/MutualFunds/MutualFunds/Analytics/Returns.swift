import Foundation
import Timing

/// A point-to-point return between two NAVs actually published.
public struct PeriodReturn: Sendable, Hashable, Codable {
    /// end NAV / start NAV − 1, as a fraction.
    public var absolute: Double
    /// The CAGR, only for periods of at least one year; nil otherwise.
    public var annualized: Double?
    /// The date of the start NAV.
    public var fromDate: CalendarDate
    /// The date of the end NAV.
    public var toDate: CalendarDate

    /// Creates a return.
    public init(absolute: Double, annualized: Double?, fromDate: CalendarDate, toDate: CalendarDate) {
        self.absolute = absolute
        self.annualized = annualized
        self.fromDate = fromDate
        self.toDate = toDate
    }
}

/// Returns as the CLI defines them.
///
/// - Point-to-point: NAV at the latest date / NAV at the latest date on or before (latest date − period) − 1.
/// - CAGR (periods of a year or more): (end / start)^(365 / days) − 1, days being the calendar days between
///   the two dates actually used.
public enum Returns {
    /// The return over `period` ending at the latest NAV, or nil when the history does not cover it (a 3-year
    /// return for a 2-year-old fund is not available, never 0): see ``Coverage``.
    public static func pointToPoint(_ series: NAVSeries, period: ReturnPeriod) -> PeriodReturn? {
        try? covered(series, period: period).get()
    }

    /// The return over `period` ending at the latest NAV, or why the history does not cover it: the start NAV is
    /// the latest on or before the period's start within ``Coverage``'s tolerance.
    public static func covered(_ series: NAVSeries, period: ReturnPeriod) -> Result<PeriodReturn, Uncovered> {
        guard let end = series.days.indices.last else { return .failure(.noNAVs) }
        let startIndex: Int
        switch Coverage.startIndex(in: series, period: period) {
        case .success(let index): startIndex = index
        case .failure(let reason): return .failure(reason)
        }
        guard startIndex < end else { return .failure(.tooFewNAVs(count: 1, needed: 2)) }
        let days = series.days[end] - series.days[startIndex]
        let annualizes = period == .sinceInception ? days >= 365 : isAtLeastOneYear(period)
        guard let value = between(series, startIndex, end, annualize: annualizes) else {
            return .failure(.tooFewNAVs(count: 1, needed: 2))
        }
        return .success(value)
    }

    /// The return from point `start` to point `end`, annualized when asked.
    public static func between(_ series: NAVSeries, _ start: Int, _ end: Int, annualize: Bool) -> PeriodReturn? {
        guard start < end, series.values[start] > 0 else { return nil }
        let days = series.days[end] - series.days[start]
        return PeriodReturn(
            absolute: series.values[end] / series.values[start] - 1,
            annualized: annualize ? cagr(start: series.values[start], end: series.values[end], days: days) : nil,
            fromDate: series.date(at: start), toDate: series.date(at: end))
    }

    /// (end / start)^(365 / days) − 1; nil when `days` is not positive or a value is not positive.
    public static func cagr(start: Double, end: Double, days: Int) -> Double? {
        guard days > 0, start > 0, end > 0 else { return nil }
        return pow(end / start, 365 / Double(days)) - 1
    }

    private static func isAtLeastOneYear(_ period: ReturnPeriod) -> Bool {
        switch period {
        case .oneYear, .threeYears, .fiveYears, .tenYears: true
        case .oneWeek, .oneMonth, .threeMonths, .sixMonths, .sinceInception: false
        }
    }
}
