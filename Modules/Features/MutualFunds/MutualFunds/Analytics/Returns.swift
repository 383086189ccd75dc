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
    /// The return over `period` ending at the latest NAV, or nil when the history does not reach back that
    /// far (a 3-year return for a 2-year-old fund is not available, never 0).
    public static func pointToPoint(_ series: NAVSeries, period: ReturnPeriod) -> PeriodReturn? {
        guard let end = series.days.indices.last else { return nil }
        let startIndex: Int
        if let start = period.start(endingOn: CalendarDate(dayNumber: series.days[end])) {
            guard let index = series.index(onOrBefore: start.dayNumber) else { return nil }
            startIndex = index
        } else {
            startIndex = 0
        }
        guard startIndex < end else { return nil }
        let days = series.days[end] - series.days[startIndex]
        let annualizes = period == .sinceInception ? days >= 365 : isAtLeastOneYear(period)
        return between(series, startIndex, end, annualize: annualizes)
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
