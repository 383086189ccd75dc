import Money
import Timing

/// A scheme's meta and its NAVs in ascending date order, as decoded from `GET /mf/{code}`.
///
/// NAVs are held exactly as integers of 10^-``scale`` rupees (the API publishes 5 decimals), with the
/// dates and a `Double` view in ``series`` for analytics. A ``NAVPoint`` with its ``Money/Amount`` NAV is made
/// only when one is asked for.
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
    /// occurrence of a date wins) and held to at most 8 decimals (rounded half up beyond).
    public init(code: Int, meta: SchemeMeta, points: [NAVPoint], skippedRows: Int = 0) {
        let scale = min(Self.maximumScale, points.map(\.nav.significantPlaces).max() ?? 0)
        let parsed = points.compactMap { point -> ParsedNAV? in
            let nav = point.nav.rounded(toPlaces: scale, .halfUp)
            return Self.units(of: nav, scale: scale) == nil
                ? nil : ParsedNAV(day: point.date.dayNumber, nav: nav, places: scale)
        }
        self.init(code: code, meta: meta, parsed: parsed, skippedRows: skippedRows + points.count - parsed.count)
    }

    /// Creates a history from parsed rows in any order (the API's are newest first); rows whose NAV does not
    /// fit 64 bits at the history's scale are skipped.
    init(code: Int, meta: SchemeMeta, parsed: [ParsedNAV], skippedRows: Int) {
        let scale = min(Self.maximumScale, parsed.map(\.places).max() ?? 0)
        let ordered = parsed.enumerated().sorted {
            $0.element.day != $1.element.day ? $0.element.day < $1.element.day : $0.offset < $1.offset
        }
        var days: [Int] = []
        var units: [Int64] = []
        days.reserveCapacity(ordered.count)
        units.reserveCapacity(ordered.count)
        for (_, row) in ordered where days.last != row.day {
            guard let value = Self.units(of: row.nav, scale: scale) else { continue }
            days.append(row.day)
            units.append(value)
        }
        self.init(
            code: code, meta: meta, days: days, units: units, scale: scale,
            skippedRows: skippedRows + parsed.count - days.count)
    }

    /// `nav` × 10^scale when that is a whole number within 64 bits.
    static func units(of nav: Amount, scale: Int) -> Int64? {
        let (quotient, remainder) = nav.units.quotientAndRemainder(dividingBy: powerOfTen(Amount.places - scale))
        return remainder == 0 ? Int64(exactly: quotient) : nil
    }

    static func powerOfTen(_ exponent: Int) -> Int128 {
        var result: Int128 = 1
        for _ in 0..<max(0, exponent) { result *= 10 }
        return result
    }

    /// Creates a history from its stored columns (ascending, unique days).
    init(code: Int, meta: SchemeMeta, days: [Int], units: [Int64], scale: Int, skippedRows: Int) {
        self.code = code
        self.meta = meta
        self.skippedRows = skippedRows
        self.units = units
        self.scale = scale
        let divisor = Double(Self.powerOfTen(scale))
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
        NAVPoint(date: CalendarDate(dayNumber: days[index]), nav: Amount(Int(units[index]), places: scale))
    }
}

/// One usable row of the API's `data`: its day, exact NAV, and the decimals it was written with (`"90.52890"`:
/// 5), which the history keeps as its scale so stored histories stay as they were.
struct ParsedNAV: Sendable {
    var day: Int
    var nav: Amount
    var places: Int
}
