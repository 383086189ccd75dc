import Foundation
import Timing

/// The window of a rolling-returns study.
public enum RollingWindow: String, Sendable, Hashable, Codable, CaseIterable {
    /// One calendar year.
    case oneYear = "1Y"
    /// Three calendar years.
    case threeYears = "3Y"
    /// Five calendar years.
    case fiveYears = "5Y"

    /// Parses `1y`, `3Y`, `5y`.
    public init?(text: String) { self.init(rawValue: text.uppercased()) }

    /// The window's length in years.
    public var years: Int {
        switch self {
        case .oneYear: 1
        case .threeYears: 3
        case .fiveYears: 5
        }
    }
}

/// One rolling return: the CAGR from a start NAV to the NAV one window later.
public struct RollingObservation: Sendable, Hashable, Codable {
    /// The start NAV's date.
    public var from: CalendarDate
    /// The end NAV's date: the latest on or before `from` + window.
    public var to: CalendarDate
    /// The CAGR between the two.
    public var cagr: Double
}

/// A bucket of the distribution.
public struct RollingBucket: Sendable, Hashable, Codable {
    /// The label, e.g. `0–5 %`.
    public var label: String
    /// The inclusive lower bound as a fraction, nil for unbounded.
    public var lower: Double?
    /// The exclusive upper bound as a fraction, nil for unbounded.
    public var upper: Double?
    /// Observations in the bucket.
    public var count: Int
    /// count / all observations.
    public var share: Double
}

/// The rolling observations of a history, and the windows its gaps left out.
public struct RollingStudy: Sendable, Hashable {
    /// The covered windows, oldest start first.
    public var observations: [RollingObservation]
    /// Full windows left out because the history does not cover them.
    public var skipped: Int
    /// Why the first of them was left out.
    public var firstShortfall: Uncovered?
}

/// Summary statistics of rolling CAGRs.
public struct RollingSummary: Sendable, Hashable {
    /// The window.
    public var window: RollingWindow
    /// Number of start dates with a full window.
    public var count: Int
    /// Arithmetic mean of the CAGRs.
    public var mean: Double
    /// Median of the CAGRs (mean of the middle two for an even count).
    public var median: Double
    /// The worst observation.
    public var minimum: RollingObservation
    /// The best observation.
    public var maximum: RollingObservation
    /// Share of observations below zero.
    public var negativeShare: Double
    /// The distribution: < 0, 0–5, 5–10, 10–15, 15–20 and 20 % or more (lower bounds inclusive).
    public var buckets: [RollingBucket]
}

/// Rolling returns: for every NAV date d with d + window on or before the latest NAV date, the CAGR from the
/// NAV at d to the latest NAV on or before d + window, (end / start)^(365 / days) − 1 with days the calendar
/// days between the two NAV dates.
public enum RollingReturns {
    /// The bucket bounds, as fractions.
    public static let bucketBounds: [(label: String, lower: Double?, upper: Double?)] = [
        ("< 0 %", nil, 0), ("0–5 %", 0, 0.05), ("5–10 %", 0.05, 0.10), ("10–15 %", 0.10, 0.15),
        ("15–20 %", 0.15, 0.20), ("≥ 20 %", 0.20, nil),
    ]

    /// Every rolling observation, oldest start first (windows the history does not cover are left out).
    public static func observations(_ series: NAVSeries, window: RollingWindow) -> [RollingObservation] {
        study(series, window: window).observations
    }

    /// The observations, and how many windows were left out because the history does not cover them
    /// (``Coverage``: an end NAV within the tolerance of the window's end, no hole inside), with the first reason.
    public static func study(_ series: NAVSeries, window: RollingWindow) -> RollingStudy {
        let windows = Windows(series, years: window.years)
        let observations = windows.starts.indices.map { index in
            RollingObservation(
                from: series.date(at: windows.starts[index]), to: series.date(at: windows.ends[index]),
                cagr: windows.cagrs[index])
        }
        return RollingStudy(
            observations: observations, skipped: windows.skipped, firstShortfall: windows.firstShortfall)
    }

    /// The summary, or nil when no start date has a full window (the history is shorter than the window).
    public static func summary(_ series: NAVSeries, window: RollingWindow) -> RollingSummary? {
        let windows = Windows(series, years: window.years)
        guard !windows.cagrs.isEmpty else { return nil }
        var minimum = 0
        var maximum = 0
        var total = 0.0
        var counts = [Int](repeating: 0, count: bucketBounds.count)
        for (index, cagr) in windows.cagrs.enumerated() {
            total += cagr
            if cagr < windows.cagrs[minimum] { minimum = index }
            if cagr > windows.cagrs[maximum] { maximum = index }
            counts[bucket(cagr)] += 1
        }
        func observation(_ index: Int) -> RollingObservation {
            RollingObservation(
                from: series.date(at: windows.starts[index]), to: series.date(at: windows.ends[index]),
                cagr: windows.cagrs[index])
        }
        return summary(
            window: window, count: windows.cagrs.count, total: total, median: median(windows.cagrs),
            minimum: observation(minimum), maximum: observation(maximum), counts: counts)
    }

    /// The start and end points of every full window and their CAGRs, computed without building dates: the
    /// end of a window is found by day-number arithmetic. A window of exactly 365 days needs no power, so
    /// its CAGR is the plain ratio (and a hand-computed 10 % lands in the 10–15 % bucket, not at 9.999…).
    struct Windows {
        var starts: [Int] = []
        var ends: [Int] = []
        var cagrs: [Double] = []
        /// Full windows the history does not cover.
        var skipped = 0
        var firstShortfall: Uncovered?

        init(_ series: NAVSeries, years: Int) {
            guard let last = series.days.last else { return }
            let coverage = Coverage(series)
            let holes = coverage.holesBefore()
            var end = 0
            for start in series.days.indices {
                let target = DayArithmetic.adding(years: years, to: series.days[start])
                if target > last { break }
                if end < start { end = start }
                while end + 1 < series.count, series.days[end + 1] <= target { end += 1 }
                let days = series.days[end] - series.days[start]
                let tolerance = Coverage.tolerance(periodDays: target - series.days[start])
                guard end > start, target - series.days[end] <= tolerance, holes.map({ $0[end] == $0[start] }) ?? true
                else {
                    skipped += 1
                    if firstShortfall == nil {
                        firstShortfall =
                            coverage.firstHole(from: start, to: min(end + 1, series.count - 1))
                            ?? .gap(from: series.date(at: end), to: series.date(at: min(end + 1, series.count - 1)))
                    }
                    continue
                }
                guard days > 0, series.values[start] > 0, series.values[end] > 0 else { continue }
                let ratio = series.values[end] / series.values[start]
                starts.append(start)
                ends.append(end)
                cagrs.append((days == 365 ? ratio : pow(ratio, 365 / Double(days))) - 1)
            }
        }
    }

    /// The bucket index of a CAGR.
    static func bucket(_ cagr: Double) -> Int {
        bucketBounds.firstIndex { bound in bound.upper.map { cagr < $0 } ?? true } ?? bucketBounds.count - 1
    }

    /// The median, by selection rather than a full sort.
    static func median(_ values: [Double]) -> Double {
        var values = values
        let middle = values.count / 2
        let upper = select(&values, middle)
        guard values.count % 2 == 0 else { return upper }
        // After selection everything before `middle` is ≤ the middle value; the largest of them is the other.
        let lower = values[..<middle].max() ?? upper
        return (lower + upper) / 2
    }

    /// Quickselect (Hoare partition, middle pivot): puts the k-th smallest at index k and returns it.
    private static func select(_ values: inout [Double], _ k: Int) -> Double {
        var low = 0
        var high = values.count - 1
        while low < high {
            let pivot = values[(low + high) / 2]
            var i = low
            var j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j {
                high = j
            } else if k >= i {
                low = i
            } else {
                break
            }
        }
        return values[k]
    }

    /// The summary of given observations, or nil when there are none.
    public static func summary(of observations: [RollingObservation], window: RollingWindow) -> RollingSummary? {
        guard var minimum = observations.first else { return nil }
        var maximum = minimum
        var total = 0.0
        var counts = [Int](repeating: 0, count: bucketBounds.count)
        for observation in observations {
            total += observation.cagr
            if observation.cagr < minimum.cagr { minimum = observation }
            if observation.cagr > maximum.cagr { maximum = observation }
            counts[bucket(observation.cagr)] += 1
        }
        return summary(
            window: window, count: observations.count, total: total, median: median(observations.map(\.cagr)),
            minimum: minimum, maximum: maximum, counts: counts)
    }

    private static func summary(
        window: RollingWindow, count: Int, total: Double, median: Double, minimum: RollingObservation,
        maximum: RollingObservation, counts: [Int]
    ) -> RollingSummary {
        let n = Double(count)
        return RollingSummary(
            window: window, count: count, mean: total / n, median: median, minimum: minimum, maximum: maximum,
            negativeShare: Double(counts[0]) / n,
            buckets: bucketBounds.indices.map { index in
                RollingBucket(
                    label: bucketBounds[index].label, lower: bucketBounds[index].lower,
                    upper: bucketBounds[index].upper, count: counts[index], share: Double(counts[index]) / n)
            })
    }
}

/// Calendar arithmetic on day numbers (days since 1970-01-01) without building dates, for loops over
/// thousands of NAV points. Howard Hinnant's civil-from-days and days-from-civil algorithms.
enum DayArithmetic {
    /// The day number `years` calendar years after `day`, 29 February becoming 28 February when needed
    /// (the same rule as `CalendarDate.adding(years:)`).
    static func adding(years: Int, to day: Int) -> Int {
        let (year, month, dayOfMonth) = civil(day)
        let target = year + years
        let leap = (target % 4 == 0 && target % 100 != 0) || target % 400 == 0
        let clamped = month == 2 && dayOfMonth == 29 && !leap ? 28 : dayOfMonth
        return dayNumber(year: target, month: month, day: clamped)
    }

    static func civil(_ dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * mp + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
