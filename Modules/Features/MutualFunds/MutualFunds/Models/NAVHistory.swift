import Foundation
import Timing

/// A scheme's meta and its NAVs in ascending date order, as decoded from `GET /mf/{code}`.
///
/// NAVs are held exactly as integers of 10^-``scale`` rupees (the API publishes 5 decimals), with the
/// dates and a `Double` view in ``series`` for analytics. A ``NAVPoint`` with its `Decimal` NAV is made
/// only when one is asked for, so a 3,266-point history loads without building 3,266 decimals.
public struct NAVHistory: Sendable {
    /// The scheme code asked for (the meta's own code is 0 for unknown schemes, so this is the reliable one).
    public var code: Int
    /// AMFI's descriptive fields.
    public var meta: SchemeMeta
    /// Rows of the API's answer that were unusable (bad date, non-numeric or non-positive NAV, duplicate
    /// date) and left out.
    public var skippedRows: Int
    /// The dates and NAVs as arrays for analytics.
    public let series: NAVSeries
    /// Each NAV × 10^scale, exact.
    let units: [Int64]
    /// The decimals the NAVs are held to.
    let scale: Int

    /// The most decimals kept; the API publishes 5.
    static let maximumScale = 8

    /// Creates a history from points in any order; they are sorted and de-duplicated by date (the first
    /// occurrence of a date wins) and held to at most 8 decimals.
    public init(code: Int, meta: SchemeMeta, points: [NAVPoint], skippedRows: Int = 0) {
        let scale = min(Self.maximumScale, points.map { max(0, -$0.nav.exponent) }.max() ?? 0)
        let parsed = points.compactMap { point in
            ExactNAV(point.nav, scale: scale).map { ParsedNAV(day: point.date.dayNumber, nav: $0) }
        }
        self.init(code: code, meta: meta, parsed: parsed, skippedRows: skippedRows + points.count - parsed.count)
    }

    /// Creates a history from parsed rows in any order (the API's are newest first).
    init(code: Int, meta: SchemeMeta, parsed: [ParsedNAV], skippedRows: Int) {
        let scale = parsed.map(\.nav.scale).max() ?? 0
        let ordered = parsed.enumerated().sorted {
            $0.element.day != $1.element.day ? $0.element.day < $1.element.day : $0.offset < $1.offset
        }
        var days: [Int] = []
        var units: [Int64] = []
        days.reserveCapacity(ordered.count)
        units.reserveCapacity(ordered.count)
        for (_, row) in ordered where days.last != row.day {
            days.append(row.day)
            units.append(row.nav.units(atScale: scale))
        }
        self.init(
            code: code, meta: meta, days: days, units: units, scale: scale,
            skippedRows: skippedRows + parsed.count - days.count)
    }

    /// Creates a history from its stored columns (ascending, unique days).
    init(code: Int, meta: SchemeMeta, days: [Int], units: [Int64], scale: Int, skippedRows: Int) {
        self.code = code
        self.meta = meta
        self.skippedRows = skippedRows
        self.units = units
        self.scale = scale
        let divisor = ExactNAV.powerOfTen(scale)
        // Integer / power of ten is one correctly rounded division: the double nearest the published NAV.
        series = NAVSeries(days: days, values: units.map { Double($0) / divisor })
    }

    /// The NAVs, oldest first, one per date.
    public var points: NAVPointList { NAVPointList(days: series.days, units: units, scale: scale) }

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
    public func points(from: CalendarDate?, to: CalendarDate?) -> Slice<NAVPointList> {
        points[series.slice(from: from, to: to)]
    }

    /// How many days old the newest NAV is on `today` (never negative).
    public func ageInDays(today: CalendarDate) -> Int? {
        latest.map { max(0, $0.date.days(to: today)) }
    }
}

extension NAVHistory: Hashable {
    /// Histories are equal when their code, meta, skipped count and NAVs (by value) are.
    public static func == (lhs: NAVHistory, rhs: NAVHistory) -> Bool {
        lhs.code == rhs.code && lhs.meta == rhs.meta && lhs.skippedRows == rhs.skippedRows
            && lhs.series.days == rhs.series.days && lhs.points.elementsEqual(rhs.points)
    }

    /// Hashes the code, meta and dates.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(meta)
        hasher.combine(series.days)
    }
}

/// A history's NAVs as ``NAVPoint`` values, made on access.
public struct NAVPointList: RandomAccessCollection, Sendable {
    let days: [Int]
    let units: [Int64]
    let scale: Int

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of points.
    public var endIndex: Int { days.count }

    /// The point at `index`.
    public subscript(index: Int) -> NAVPoint {
        let value = units[index]
        return NAVPoint(
            date: CalendarDate(dayNumber: days[index]),
            nav: Decimal(sign: value < 0 ? .minus : .plus, exponent: -scale, significand: Decimal(value.magnitude)))
    }
}

/// One usable row of the API's `data`: its day and exact NAV.
struct ParsedNAV: Sendable {
    var day: Int
    var nav: ExactNAV
}

/// A NAV as an integer and a number of decimals: "90.52890" is 9052890 at scale 5.
struct ExactNAV: Sendable, Hashable {
    var significand: Int64
    var scale: Int

    /// Creates a NAV of `significand` × 10^-scale.
    init(significand: Int64, scale: Int) {
        self.significand = significand
        self.scale = scale
    }

    /// Parses plain decimal text (`"90.52890"`, `" 144.13 "`); nil for anything else (signs, exponents,
    /// "N.A.", more than 18 digits or more than 8 decimals). Faster than `Decimal(string:)` by far, which
    /// matters for 3,266-row histories.
    init?(text: String) {
        var significand: Int64 = 0
        var scale = 0
        var digits = 0
        var seenPoint = false
        var trimmed = Substring(text).utf8.drop { $0 == 0x20 }
        while trimmed.last == 0x20 { trimmed = trimmed.dropLast() }
        for byte in trimmed {
            switch byte {
            case 0x30...0x39:
                digits += 1
                guard digits <= 18 else { return nil }
                significand = significand * 10 + Int64(byte - 0x30)
                if seenPoint { scale += 1 }
            case 0x2E where !seenPoint:
                seenPoint = true
            default:
                return nil
            }
        }
        guard digits > 0, scale <= NAVHistory.maximumScale else { return nil }
        self.significand = significand
        self.scale = scale
    }

    /// The NAV of a `Decimal`, rounded to `scale` decimals; nil when it does not fit.
    init?(_ value: Decimal, scale: Int) {
        var input = value * Decimal(sign: .plus, exponent: scale, significand: 1)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &input, 0, .plain)
        guard rounded.magnitude < Decimal(Int64.max) else { return nil }
        significand = NSDecimalNumber(decimal: rounded).int64Value
        self.scale = scale
    }

    /// The same NAV as an integer at a larger scale.
    func units(atScale target: Int) -> Int64 {
        var value = significand
        for _ in scale..<max(scale, target) { value *= 10 }
        return value
    }

    /// 10^exponent as a double (exact up to 10^22).
    static func powerOfTen(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<max(0, exponent) { result *= 10 }
        return result
    }

    /// The NAV as a `Decimal`.
    var decimal: Decimal { Decimal(sign: .plus, exponent: -scale, significand: Decimal(significand)) }
}
