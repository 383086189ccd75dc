import Foundation
import Persistence
import Timing

/// A history as it is stored: a plain record of the dates (day numbers) and the exact NAVs (integers of
/// 10^-scale rupees), which the store writes as JSON. Records written by older folios in a packed binary form
/// do not decode as this record and are read as a cache miss, so the next fetch replaces them.
struct StoredHistory: Codable {
    var code: Int
    var meta: SchemeMeta
    var days: [Int]
    var units: [Int64]
    var scale: Int
    var skippedRows: Int

    init(_ history: NAVHistory) {
        code = history.code
        meta = history.meta
        days = history.series.days
        units = history.units
        scale = history.scale
        skippedRows = history.skippedRows
    }

    /// The history, or nil when the columns do not agree (a damaged record, which a refetch replaces).
    var history: NAVHistory? {
        guard days.count == units.count, (0...NAVHistory.maximumScale).contains(scale),
            zip(days, days.dropFirst()).allSatisfy({ $0 < $1 })
        else { return nil }
        return NAVHistory(code: code, meta: meta, days: days, units: units, scale: scale, skippedRows: skippedRows)
    }
}

/// A stored history's newest NAV and the scheme's meta, kept beside the history (`history-latest/000122639`) so a
/// valuation asking only whether it is newer than AMFI's file reads a few bytes instead of decoding every NAV.
struct StoredLatest: Codable {
    var code: Int
    var meta: SchemeMeta
    /// The NAV's day number, and the NAV as an integer of 10^-scale rupees (as ``StoredHistory`` keeps it).
    var day: Int, units: Int64, scale: Int

    /// The newest NAV of `history`, or nil when it has none.
    init?(_ history: NAVHistory) {
        guard let day = history.series.days.last, let units = history.units.last else { return nil }
        code = history.code
        meta = history.meta
        self.day = day
        self.units = units
        scale = history.scale
    }

    /// A history of that one NAV.
    var history: NAVHistory? {
        guard (0...NAVHistory.maximumScale).contains(scale) else { return nil }
        return NAVHistory(code: code, meta: meta, days: [day], units: [units], scale: scale, skippedRows: 0)
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

    /// The key prefix of the records of each history's newest NAV.
    public static let latestPrefix = "history-latest/"

    /// The key of the record of a scheme's newest NAV.
    static func latestKey(code: Int) -> String { latestPrefix + key(code: code).dropFirst(prefix.count) }

    /// The newest NAV the store holds of `code`, with the scheme's meta, as a one-NAV history, fresh or not: read
    /// from the small record beside the history, else (a history stored by an older folio) from the history.
    public static func latest(code: Int, in transaction: any StoreTransaction) throws -> NAVHistory? {
        if let stored = try? transaction.value(StoredLatest.self, latestKey(code: code)) { return stored.history }
        guard let history = try entry(code: code, in: transaction)?.value, let point = history.latest else {
            return nil
        }
        return NAVHistory(code: code, meta: history.meta, points: [point])
    }

    /// The key of a scheme's history.
    public static func key(code: Int) -> String {
        let digits = String(code)
        return prefix + String(repeating: "0", count: max(0, 9 - digits.count)) + digits
    }

    /// Stores `history`, fresh until `expiresAt`.
    public static func save(_ history: NAVHistory, expiresAt: Date?, in transaction: any StoreTransaction) throws {
        try transaction.put(key(code: history.code), StoredHistory(history), expiresAt: expiresAt)
        if let latest = StoredLatest(history) {
            try transaction.put(latestKey(code: history.code), latest)
        } else {
            try transaction.delete(latestKey(code: history.code))
        }
    }

    /// The cached history of `code` with its timestamps, or nil when none is cached (or it cannot be read,
    /// which a refetch cures). With `decoded`, a history decoded earlier from the same bytes is reused.
    public static func entry(
        code: Int, in transaction: any StoreTransaction, decoded: DecodedRecords? = nil
    ) throws -> Entry<NAVHistory>? {
        guard let record = try? transaction.get(key(code: code)) else { return nil }
        let decode: (Data) -> NAVHistory? = { bytes in
            (try? RecordCoding.decode(StoredHistory.self, from: bytes, key: record.key))?.history
        }
        let history = decoded.map { $0.value(NAVHistory?.self, of: record, decode: decode) } ?? decode(record.value)
        guard let history else { return nil }
        return Entry(key: record.key, value: history, storedAt: record.storedAt, expiresAt: record.expiresAt)
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
        let count = try transaction.delete(.prefix(prefix))
        try transaction.delete(.prefix(latestPrefix))
        return count
    }
}
