import Timing

/// Why a figure over a period is not available.
public enum Uncovered: Error, Sendable, Hashable, CustomStringConvertible {
    /// The history is empty.
    case noNAVs
    /// The period starts before the first NAV.
    case beforeHistory(firstNAV: CalendarDate)
    /// A hole: no NAV between these two consecutive NAV dates, where the rule needs one.
    case gap(from: CalendarDate, to: CalendarDate)
    /// Too few NAVs inside the window for the statistic.
    case tooFewNAVs(count: Int, needed: Int)

    /// The text a person reads.
    public var description: String {
        switch self {
        case .noNAVs: "the history has no NAVs"
        case .beforeHistory(let first): "the history starts on \(first.iso8601)"
        case .gap(let from, let to): "the history has no NAV between \(from.iso8601) and \(to.iso8601)"
        case .tooFewNAVs(let count, let needed): "\(count) NAV\(count == 1 ? "" : "s") in the window, \(needed) needed"
        }
    }
}

/// The part of a history a range covers: its first and last point, and why it falls short of the range, if it does.
public struct CoveredSpan: Sendable, Hashable {
    /// The first point: the range's start NAV, or (when the history has none within the tolerance) the first NAV
    /// dated inside the range.
    public var start: Int
    /// The last point (the latest NAV).
    public var end: Int
    /// Why the span does not cover the range: no start NAV within the tolerance, or a hole inside it.
    public var shortfall: Uncovered?
}

/// The one rule for whether a NAV history covers a period, used by every figure computed over one (the returns
/// table, volatility, max drawdown, Sharpe, rolling returns, the charts of `show` and `compare`).
///
/// - Start NAV: the latest NAV on or before the period's start, only when it is at most ``tolerance(periodDays:)``
///   days before it: 7 days for periods up to a year, 5 % of the period beyond (3Y: 54 days, 5Y: 91, 10Y: 182).
///   An older NAV would measure a different period (a history trimmed to three NAVs in 2013 and three in 2026
///   made every period "from 2013").
/// - No holes, for statistics over a window (volatility, drawdown, Sharpe, each rolling window): no two
///   consecutive NAVs in the window more than ``holeLimit`` days apart: 10 × the scheme's usual spacing (the
///   median gap between its NAVs), and at least 7 days. Relative to the scheme's own spacing so that a scheme
///   publishing weekly is not called gapped, while a daily scheme's missing year is.
public struct Coverage: Sendable {
    /// How many days before the start of a period of up to a year its start NAV may be.
    public static let shortPeriodTolerance = 7
    /// The share of a longer period its start NAV may precede the start by.
    public static let longPeriodShare = 0.05
    /// A gap longer than this many usual spacings is a hole.
    public static let holeMultiple = 10
    /// Volatility needs at least this many NAVs (two daily returns) in its window.
    public static let volatilityMinimumNAVs = 3

    /// The history's dates and values.
    public let series: NAVSeries

    /// The rule for `series`.
    public init(_ series: NAVSeries) {
        self.series = series
    }

    /// The longest gap between consecutive NAVs that is not a hole, in days. A pass over the history, so the
    /// checks below work it out only when they meet a gap longer than 7 days (never, for a daily scheme).
    public var holeLimit: Int {
        max(Self.shortPeriodTolerance, Self.holeMultiple * Self.usualSpacing(series.days))
    }

    /// How many days before a period's start its start NAV may be.
    public static func tolerance(periodDays: Int) -> Int {
        guard periodDays > 366 else { return shortPeriodTolerance }
        return max(shortPeriodTolerance, Int(Double(periodDays) * longPeriodShare))
    }

    /// The point a period starting on `day` starts at, the latest NAV on or before it within the tolerance for a
    /// period of `periodDays`.
    public static func startIndex(in series: NAVSeries, day: Int, periodDays: Int) -> Result<Int, Uncovered> {
        guard !series.isEmpty else { return .failure(.noNAVs) }
        guard let index = series.index(onOrBefore: day) else {
            return .failure(.beforeHistory(firstNAV: series.date(at: 0)))
        }
        guard day - series.days[index] <= tolerance(periodDays: periodDays) else {
            return .failure(.gap(from: series.date(at: index), to: series.date(at: min(index + 1, series.count - 1))))
        }
        return .success(index)
    }

    /// The start point of `period` ending at the latest NAV (the first NAV for since-inception).
    public static func startIndex(in series: NAVSeries, period: ReturnPeriod) -> Result<Int, Uncovered> {
        guard let last = series.days.last else { return .failure(.noNAVs) }
        guard let start = period.start(endingOn: CalendarDate(dayNumber: last)) else { return .success(0) }
        return startIndex(in: series, day: start.dayNumber, periodDays: last - start.dayNumber)
    }

    /// The first hole between points `start` and `end`, if any.
    public func firstHole(from start: Int, to end: Int) -> Uncovered? {
        let days = series.days
        var limit: Int?
        var index = start
        while index < end {
            let gap = days[index + 1] - days[index]
            if gap > Self.shortPeriodTolerance {
                let known = limit ?? holeLimit
                limit = known
                if gap > known { return .gap(from: series.date(at: index), to: series.date(at: index + 1)) }
            }
            index += 1
        }
        return nil
    }

    /// What of `period` (ending at the latest NAV) the history covers.
    public func span(of period: ReturnPeriod) -> CoveredSpan {
        let end = max(0, series.count - 1)
        switch Self.startIndex(in: series, period: period) {
        case .success(let start):
            return CoveredSpan(start: start, end: end, shortfall: firstHole(from: start, to: end))
        case .failure(let reason):
            let first =
                period.start(endingOn: series.date(at: end)).flatMap { series.index(onOrAfter: $0.dayNumber) } ?? end
            return CoveredSpan(start: first, end: end, shortfall: reason)
        }
    }

    /// The start point of a window statistic over `period`: covered from its start NAV with no hole.
    public func window(_ period: ReturnPeriod) -> Result<Int, Uncovered> {
        guard !series.isEmpty else { return .failure(.noNAVs) }
        let span = span(of: period)
        if let shortfall = span.shortfall { return .failure(shortfall) }
        return .success(span.start)
    }

    /// Running counts of holes: `holesBefore[i]` holes among the gaps up to point `i`, so a window's holes are one
    /// subtraction (rolling returns test thousands of windows); nil when the history has no hole at all.
    func holesBefore() -> [Int]? {
        let days = series.days
        guard days.indices.dropFirst().contains(where: { days[$0] - days[$0 - 1] > Self.shortPeriodTolerance })
        else { return nil }
        let limit = holeLimit
        var counts = [Int](repeating: 0, count: series.count)
        var holes = 0
        for index in days.indices.dropFirst() {
            if days[index] - days[index - 1] > limit { holes += 1 }
            counts[index] = holes
        }
        guard holes > 0 else { return nil }
        return counts
    }

    /// The median gap between consecutive NAVs in days (the lower middle for an even count); 1 with fewer than
    /// two NAVs. Gaps under 32 days are counted, longer ones sorted: daily histories never sort.
    static func usualSpacing(_ days: [Int]) -> Int {
        guard days.count > 1 else { return 1 }
        var small = [Int](repeating: 0, count: 32)
        var large: [Int] = []
        for index in days.indices.dropFirst() {
            let gap = days[index] - days[index - 1]
            if gap < small.count { small[gap] += 1 } else { large.append(gap) }
        }
        let middle = (days.count - 2) / 2
        var seen = 0
        for (gap, count) in small.enumerated() {
            seen += count
            if seen > middle { return max(1, gap) }
        }
        large.sort()
        return large[middle - seen]
    }
}
