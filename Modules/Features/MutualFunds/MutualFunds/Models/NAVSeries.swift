import Foundation
import Timing

/// A NAV history as parallel arrays in ascending date order: the form every analytic works on.
///
/// Analytics run on `Double` (ratios, powers and square roots; a NAV has at most 5 decimals, well inside a
/// double's precision), with dates as day numbers so finding "the latest point on or before a date" is a
/// binary search over integers.
public struct NAVSeries: Sendable, Hashable {
    /// Day numbers (days since 1970-01-01), strictly increasing.
    public let days: [Int]
    /// NAVs, one per day number.
    public let values: [Double]

    /// Creates a series from ascending, unique points.
    public init(days: [Int], values: [Double]) {
        precondition(days.count == values.count, "a NAV series needs one value per date")
        self.days = days
        self.values = values
    }

    /// The number of points.
    public var count: Int { days.count }
    /// Whether there are no points.
    public var isEmpty: Bool { days.isEmpty }

    /// The date of point `index`.
    public func date(at index: Int) -> CalendarDate { CalendarDate(dayNumber: days[index]) }

    /// The index of the latest point dated on or before `day`, or nil when every point is later.
    public func index(onOrBefore day: Int) -> Int? {
        var low = 0
        var high = days.count
        while low < high {
            let mid = (low + high) / 2
            if days[mid] <= day { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : low - 1
    }

    /// The index of the earliest point dated on or after `day`, or nil when every point is earlier.
    public func index(onOrAfter day: Int) -> Int? {
        var low = 0
        var high = days.count
        while low < high {
            let mid = (low + high) / 2
            if days[mid] < day { low = mid + 1 } else { high = mid }
        }
        return low == days.count ? nil : low
    }

    /// The points from `start` through the last one, as a series.
    public func suffix(from start: Int) -> NAVSeries {
        NAVSeries(days: Array(days[start...]), values: Array(values[start...]))
    }

    /// The points dated within `from...to` (either bound optional).
    public func slice(from: CalendarDate?, to: CalendarDate?) -> Range<Int> {
        let lower = from.flatMap { index(onOrAfter: $0.dayNumber) } ?? (from == nil ? 0 : days.count)
        let upper = to.flatMap { index(onOrBefore: $0.dayNumber) }.map { $0 + 1 } ?? (to == nil ? days.count : 0)
        return lower < upper ? lower..<upper : lower..<lower
    }
}
