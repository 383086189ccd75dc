import Foundation
import Persistence
import Timing

/// A history in the compact form it is stored in: dates as day numbers and NAVs as integers of
/// 10^-scale rupees, so reading a 3,266-point history back decodes two integer arrays, not 3,266 objects
/// with decimal strings.
struct StoredHistory: Codable {
    var code: Int
    var meta: SchemeMeta
    var days: [Int]
    var units: [Int64]
    var scale: Int
    var skippedRows: Int

    /// The most decimals kept; the API publishes 5.
    static let maximumScale = 8

    init(_ history: NAVHistory) {
        let scale = min(
            Self.maximumScale, history.points.map { max(0, -$0.nav.exponent) }.max() ?? 0)
        var multiplier = Decimal(1)
        for _ in 0..<scale { multiplier *= 10 }
        code = history.code
        meta = history.meta
        days = history.points.map(\.date.dayNumber)
        units = history.points.map { point in
            let scaled = (point.nav * multiplier).rounded(scale: 0)
            return NSDecimalNumber(decimal: scaled).int64Value
        }
        self.scale = scale
        skippedRows = history.skippedRows
    }

    var history: NAVHistory {
        var divisor = 1.0
        for _ in 0..<scale { divisor *= 10 }
        var points: [NAVPoint] = []
        points.reserveCapacity(days.count)
        var values: [Double] = []
        values.reserveCapacity(days.count)
        for index in days.indices {
            let unitsValue = units[index]
            points.append(
                NAVPoint(
                    date: CalendarDate(dayNumber: days[index]),
                    nav: Decimal(sign: unitsValue < 0 ? .minus : .plus, exponent: -scale,
                        significand: Decimal(unitsValue.magnitude))))
            values.append(Double(unitsValue) / divisor)
        }
        return NAVHistory(
            code: code, meta: meta, sortedPoints: points, skippedRows: skippedRows,
            series: NAVSeries(days: days, values: values))
    }
}

/// A cached history's bookkeeping, for `cache status`.
public struct CachedHistorySummary: Sendable, Hashable {
    /// The scheme code.
    public var code: Int
    /// The scheme's name.
    public var name: String
    /// NAV points stored.
    public var points: Int
    /// The newest NAV date.
    public var latestNAVDate: CalendarDate?
    /// When it was fetched.
    public var storedAt: Date
    /// When it stops being fresh.
    public var expiresAt: Date?
    /// The stored size in bytes.
    public var bytes: Int
}

/// Scheme histories cached one record per scheme (`history/000122639`).
public enum HistoryCache {
    /// The key prefix of history records.
    public static let prefix = "history/"

    /// The key of a scheme's history.
    public static func key(code: Int) -> String {
        let digits = String(code)
        return prefix + String(repeating: "0", count: max(0, 9 - digits.count)) + digits
    }

    /// Stores `history`, fresh until `expiresAt`.
    public static func save(_ history: NAVHistory, expiresAt: Date?, in transaction: any StoreTransaction) throws {
        try transaction.put(key(code: history.code), StoredHistory(history), expiresAt: expiresAt)
    }

    /// The cached history of `code` with its timestamps, or nil when none is cached (or it cannot be read,
    /// which a refetch cures).
    public static func entry(code: Int, in transaction: any StoreTransaction) throws -> Entry<NAVHistory>? {
        guard let entry = try? transaction.get(StoredHistory.self, key(code: code)) else { return nil }
        return Entry(key: entry.key, value: entry.value.history, storedAt: entry.storedAt, expiresAt: entry.expiresAt)
    }

    /// Every cached history's bookkeeping, in code order.
    public static func summaries(in transaction: any StoreTransaction) throws -> [CachedHistorySummary] {
        try transaction.scan(.prefix(prefix)).compactMap { record in
            guard let stored = try? RecordCoding.decode(StoredHistory.self, from: record.value, key: record.key)
            else { return nil }
            return CachedHistorySummary(
                code: stored.code, name: stored.meta.name ?? "scheme \(stored.code)", points: stored.days.count,
                latestNAVDate: stored.days.last.map(CalendarDate.init(dayNumber:)), storedAt: record.storedAt,
                expiresAt: record.expiresAt, bytes: record.value.count)
        }
    }

    /// Removes every cached history; returns how many.
    @discardableResult
    public static func clear(in transaction: any StoreTransaction) throws -> Int {
        try transaction.delete(.prefix(prefix))
    }
}
