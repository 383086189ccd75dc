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

    /// Every rolling observation, oldest start first.
    public static func observations(_ series: NAVSeries, window: RollingWindow) -> [RollingObservation] {
        guard let last = series.days.last else { return [] }
        var result: [RollingObservation] = []
        var end = 0
        for start in series.days.indices {
            let target = CalendarDate(dayNumber: series.days[start]).adding(years: window.years).dayNumber
            if target > last { break }
            if end < start { end = start }
            while end + 1 < series.count, series.days[end + 1] <= target { end += 1 }
            guard end > start,
                let cagr = Returns.cagr(
                    start: series.values[start], end: series.values[end], days: series.days[end] - series.days[start])
            else { continue }
            result.append(
                RollingObservation(from: series.date(at: start), to: series.date(at: end), cagr: cagr))
        }
        return result
    }

    /// The summary, or nil when no start date has a full window (the history is shorter than the window).
    public static func summary(_ series: NAVSeries, window: RollingWindow) -> RollingSummary? {
        summary(of: observations(series, window: window), window: window)
    }

    /// The summary of given observations, or nil when there are none.
    public static func summary(of observations: [RollingObservation], window: RollingWindow) -> RollingSummary? {
        guard let first = observations.first else { return nil }
        var minimum = first
        var maximum = first
        var total = 0.0
        var counts = [Int](repeating: 0, count: bucketBounds.count)
        for observation in observations {
            total += observation.cagr
            if observation.cagr < minimum.cagr { minimum = observation }
            if observation.cagr > maximum.cagr { maximum = observation }
            let bucket = bucketBounds.firstIndex { bound in bound.upper.map { observation.cagr < $0 } ?? true }!
            counts[bucket] += 1
        }
        let sorted = observations.map(\.cagr).sorted()
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        let n = Double(observations.count)
        return RollingSummary(
            window: window, count: observations.count, mean: total / n, median: median, minimum: minimum,
            maximum: maximum, negativeShare: Double(counts[0]) / n,
            buckets: bucketBounds.indices.map { index in
                RollingBucket(
                    label: bucketBounds[index].label, lower: bucketBounds[index].lower,
                    upper: bucketBounds[index].upper, count: counts[index], share: Double(counts[index]) / n)
            })
    }
}
