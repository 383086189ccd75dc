import Foundation
import Persistence
import Timing

/// A history in the compact form it is stored in: the dates (day numbers, 32-bit) and the exact NAVs
/// (integers of 10^-scale rupees, 64-bit) as little-endian binary columns, which JSON carries as base64. A
/// 3,266-point history reads back with two base64 decodes instead of parsing 6,532 JSON numbers.
struct StoredHistory: Codable {
    var code: Int
    var meta: SchemeMeta
    var days: Data
    var units: Data
    var scale: Int
    var skippedRows: Int

    init(_ history: NAVHistory) {
        code = history.code
        meta = history.meta
        days = Self.pack(history.series.days.map { Int32(truncatingIfNeeded: $0).littleEndian })
        units = Self.pack(history.units.map(\.littleEndian))
        scale = history.scale
        skippedRows = history.skippedRows
    }

    /// The number of points.
    var count: Int { days.count / MemoryLayout<Int32>.size }

    /// The history, or nil when the columns do not agree (a damaged record, which a refetch replaces).
    var history: NAVHistory? {
        let days = Self.unpack(self.days, as: Int32.self).map { Int(Int32(littleEndian: $0)) }
        let units = Self.unpack(self.units, as: Int64.self).map { Int64(littleEndian: $0) }
        guard days.count == units.count, (0...NAVHistory.maximumScale).contains(scale),
            zip(days, days.dropFirst()).allSatisfy({ $0 < $1 })
        else { return nil }
        return NAVHistory(code: code, meta: meta, days: days, units: units, scale: scale, skippedRows: skippedRows)
    }

    /// The last day stored.
    var lastDay: Int? {
        Self.unpack(days, as: Int32.self).last.map { Int(Int32(littleEndian: $0)) }
    }

    private static func pack<T: FixedWidthInteger>(_ values: [T]) -> Data {
        values.withUnsafeBufferPointer { Data(buffer: $0) }
    }

    private static func unpack<T: FixedWidthInteger>(_ data: Data, as type: T.Type) -> [T] {
        let count = data.count / MemoryLayout<T>.size
        var values = [T](repeating: 0, count: count)
        values.withUnsafeMutableBytes { target in
            data.withUnsafeBytes { source in
                target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source.prefix(target.count)))
            }
        }
        return values
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
        guard let entry = try? transaction.get(StoredHistory.self, key(code: code)), let history = entry.value.history
        else { return nil }
        return Entry(key: entry.key, value: history, storedAt: entry.storedAt, expiresAt: entry.expiresAt)
    }

    /// Every cached history's bookkeeping, in code order.
    public static func summaries(in transaction: any StoreTransaction) throws -> [CachedHistorySummary] {
        try transaction.scan(.prefix(prefix)).compactMap { record in
            guard let stored = try? RecordCoding.decode(StoredHistory.self, from: record.value, key: record.key)
            else { return nil }
            return CachedHistorySummary(
                code: stored.code, name: stored.meta.name ?? "scheme \(stored.code)", points: stored.count,
                latestNAVDate: stored.lastDay.map(CalendarDate.init(dayNumber:)), storedAt: record.storedAt,
                expiresAt: record.expiresAt, bytes: record.value.count)
        }
    }

    /// Removes every cached history; returns how many.
    @discardableResult
    public static func clear(in transaction: any StoreTransaction) throws -> Int {
        try transaction.delete(.prefix(prefix))
    }
}
