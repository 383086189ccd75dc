import Foundation
import Timing

/// A scheme's meta and its NAVs in ascending date order, as decoded from `GET /mf/{code}`.
public struct NAVHistory: Sendable, Hashable {
    /// The scheme code asked for (the meta's own code is 0 for unknown schemes, so this is the reliable one).
    public var code: Int
    /// AMFI's descriptive fields.
    public var meta: SchemeMeta
    /// The NAVs, oldest first, one per date.
    public var points: [NAVPoint]
    /// Rows of the API's answer that were unusable (bad date, non-numeric or non-positive NAV, duplicate
    /// date) and left out.
    public var skippedRows: Int
    /// The same NAVs as arrays for analytics.
    public let series: NAVSeries

    /// Creates a history; `points` are sorted and de-duplicated by date (first occurrence wins).
    public init(code: Int, meta: SchemeMeta, points: [NAVPoint], skippedRows: Int = 0) {
        var seen = Set<CalendarDate>()
        var unique: [NAVPoint] = []
        unique.reserveCapacity(points.count)
        for point in points where seen.insert(point.date).inserted { unique.append(point) }
        unique.sort { $0.date < $1.date }
        self.init(
            code: code, meta: meta, sortedPoints: unique, skippedRows: skippedRows + points.count - unique.count,
            series: NAVSeries(points: unique))
    }

    /// Creates a history from points already sorted and unique, with their series.
    init(code: Int, meta: SchemeMeta, sortedPoints: [NAVPoint], skippedRows: Int, series: NAVSeries) {
        self.code = code
        self.meta = meta
        self.points = sortedPoints
        self.skippedRows = skippedRows
        self.series = series
    }

    /// The scheme's name: the meta's, or "scheme <code>" when the API gave none.
    public var name: String { meta.name ?? "scheme \(code)" }

    /// The newest NAV.
    public var latest: NAVPoint? { points.last }

    /// The NAV on `date`, or the nearest earlier one; nil when `date` is before the first NAV.
    public func point(onOrBefore date: CalendarDate) -> NAVPoint? {
        series.index(onOrBefore: date.dayNumber).map { points[$0] }
    }

    /// The NAV on `date`, or the nearest later one; nil when `date` is after the latest NAV.
    public func point(onOrAfter date: CalendarDate) -> NAVPoint? {
        series.index(onOrAfter: date.dayNumber).map { points[$0] }
    }

    /// The NAVs dated within `from...to`, oldest first.
    public func points(from: CalendarDate?, to: CalendarDate?) -> ArraySlice<NAVPoint> {
        points[series.slice(from: from, to: to)]
    }

    /// How many days old the newest NAV is on `today` (never negative).
    public func ageInDays(today: CalendarDate) -> Int? {
        latest.map { max(0, $0.date.days(to: today)) }
    }

    /// `(a) == (b)` compares the data, not the derived series.
    public static func == (lhs: NAVHistory, rhs: NAVHistory) -> Bool {
        lhs.code == rhs.code && lhs.meta == rhs.meta && lhs.points == rhs.points && lhs.skippedRows == rhs.skippedRows
    }

    /// Hashes the data, not the derived series.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(meta)
        hasher.combine(points)
    }
}
