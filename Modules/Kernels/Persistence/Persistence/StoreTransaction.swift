import Foundation

/// The operations available inside one transaction on one namespace.
///
/// A transaction sees its own writes; it commits when its closure returns and rolls back entirely when
/// the closure throws. It is used synchronously and must not escape its closure.
public protocol StoreTransaction {
    /// The record stored at `key`, expired or not.
    func get(_ key: String) throws -> RawRecord?
    /// Stores `value` at `key`, replacing any record there.
    /// - Parameters:
    ///   - expiresAt: When the record stops being fresh; nil for never.
    ///   - searchText: Words under which ``search(_:in:limit:)`` finds this record; nil to not index it.
    func put(_ key: String, value: Data, expiresAt: Date?, searchText: String?) throws
    /// Removes the record at `key`, if any.
    func delete(_ key: String) throws
    /// Removes every record in `range`; returns how many were removed.
    @discardableResult func delete(_ range: KeyRange) throws -> Int
    /// The records in `range` in key order (reversed when `reverse`), at most `limit` of them.
    func scan(_ range: KeyRange, limit: Int?, reverse: Bool) throws -> [RawRecord]
    /// The number of records in `range`.
    func count(_ range: KeyRange) throws -> Int
    /// Records whose search text has, for every term, a word starting with it (case- and accent-insensitive),
    /// best matches first, at most `limit`, restricted to `range`.
    func search(_ terms: [String], in range: KeyRange, limit: Int) throws -> [RawRecord]
    /// The same matches as ``search(_:in:limit:)``, in the same order, as keys with the text they were indexed
    /// under, without reading their values: a caller that can rank on the text decodes only what it keeps.
    func searchHits(_ terms: [String], in range: KeyRange, limit: Int) throws -> [SearchHit]
    /// The first `limit` matches in the order their records were first stored (replacing a record keeps its
    /// place; deleting and storing it again moves it last), and whether more matched. Each of `terms` must start
    /// a word of the text, as in ``search(_:in:limit:)``; each of `wholeWords` must be a word of it.
    ///
    /// No ranking statistics are computed and reading stops at `limit`, so this costs what the hits cost. A
    /// caller that ranks candidates itself stores its records in the order it wants them preselected when a
    /// search matches more than it reads.
    func firstSearchHits(
        _ terms: [String], wholeWords: [String], in range: KeyRange, limit: Int
    ) throws
        -> SearchHitList
    /// Every record in `range` with its search text, in the order the records were first stored: everything
    /// another database needs to hold the same records (``restore(_:)`` them in this order and a search
    /// returns the same hits in the same order).
    func export(_ range: KeyRange) throws -> [ExportedRecord]
    /// Stores an exported record as it was: its `storedAt` is kept rather than stamped now, and a record
    /// already at its key is replaced.
    func restore(_ record: ExportedRecord) throws
    /// What reads at this transaction's state of the database were told, when it reads in a page view whose state
    /// the backend knows (``StateMemory``): typed reads then reuse what was decoded before from the same bytes.
    /// Nil for every other transaction.
    var answers: ReadAnswers? { get }
}

/// A record with its search text, as ``StoreTransaction/export(_:)`` reads it.
public struct ExportedRecord: Sendable, Hashable {
    /// The record, with the time it was stored and its expiry.
    public var record: RawRecord
    /// The text it was indexed under, nil when it is not searchable.
    public var searchText: String?

    /// Creates an exported record.
    public init(record: RawRecord, searchText: String?) {
        self.record = record
        self.searchText = searchText
    }
}

/// The first matches of a search in stored order.
public struct SearchHitList: Sendable, Hashable {
    /// The matches read, in the order their records were first stored.
    public var hits: [SearchHit]
    /// Whether more records matched than were read.
    public var hasMore: Bool

    /// Creates a list.
    public init(hits: [SearchHit], hasMore: Bool) {
        self.hits = hits
        self.hasMore = hasMore
    }
}

/// A search match before its value is read.
public struct SearchHit: Sendable, Hashable {
    /// The record's key.
    public var key: String
    /// The search text the record was stored with.
    public var text: String

    /// Creates a hit.
    public init(key: String, text: String) {
        self.key = key
        self.text = text
    }
}

extension StoreTransaction {
    /// None: the transaction reads the database, and decodes what it reads.
    public var answers: ReadAnswers? { nil }

    /// `record` decoded as `type`: the value decoded before from the same bytes when the transaction reads at a
    /// known state (``answers``), else decoded now.
    /// - Throws: ``PersistenceError/decoding(key:type:reason:)`` when the bytes are not a `T`.
    public func entry<T: Decodable & Sendable>(_ type: T.Type, from record: RawRecord) throws -> Entry<T> {
        guard let answers else { return try RecordCoding.entry(type, from: record) }
        let value = try answers.decoded.value(type, of: record) { bytes in
            try RecordCoding.decode(type, from: bytes, key: record.key)
        }
        return Entry(key: record.key, value: value, storedAt: record.storedAt, expiresAt: record.expiresAt)
    }

    /// The decoded entry at `key`, reusing an earlier decoding at the same state (``entry(_:from:)``).
    public func get<T: Decodable & Sendable>(_ type: T.Type, _ key: String) throws -> Entry<T>? {
        guard let record = try get(key) else { return nil }
        return try entry(type, from: record)
    }

    /// The decoded value at `key`, ignoring expiry, reusing an earlier decoding at the same state.
    public func value<T: Decodable & Sendable>(_ type: T.Type, _ key: String) throws -> T? {
        try get(type, key)?.value
    }

    /// The decoded entries in `range`, in key order, reusing earlier decodings at the same state.
    public func scan<T: Decodable & Sendable>(
        _ type: T.Type, _ range: KeyRange, limit: Int? = nil, reverse: Bool = false
    ) throws -> [Entry<T>] {
        try scan(range, limit: limit, reverse: reverse).map { try entry(type, from: $0) }
    }

    /// The records in `range` in key order.
    public func scan(_ range: KeyRange) throws -> [RawRecord] {
        try scan(range, limit: nil, reverse: false)
    }

    /// Stores `value` at `key` with no expiry and no search text.
    public func put(_ key: String, value: Data) throws {
        try put(key, value: value, expiresAt: nil, searchText: nil)
    }

    /// The decoded entry at `key`.
    /// - Throws: ``PersistenceError/decoding(key:type:reason:)`` when the stored bytes are not a `T`.
    public func get<T: Decodable>(_ type: T.Type, _ key: String) throws -> Entry<T>? {
        guard let record = try get(key) else { return nil }
        return try RecordCoding.entry(type, from: record)
    }

    /// The decoded value at `key`, ignoring expiry.
    public func value<T: Decodable>(_ type: T.Type, _ key: String) throws -> T? {
        try get(type, key)?.value
    }

    /// Encodes and stores `value` at `key`.
    public func put<T: Encodable>(
        _ key: String, _ value: T, expiresAt: Date? = nil, searchText: String? = nil
    )
        throws
    {
        try put(key, value: RecordCoding.encode(value, key: key), expiresAt: expiresAt, searchText: searchText)
    }

    /// The decoded entries in `range`, in key order.
    public func scan<T: Decodable>(
        _ type: T.Type, _ range: KeyRange, limit: Int? = nil, reverse: Bool = false
    ) throws -> [Entry<T>] {
        try scan(range, limit: limit, reverse: reverse).map { try RecordCoding.entry(type, from: $0) }
    }

    /// The decoded entries matching `terms`, best first.
    public func search<T: Decodable>(
        _ type: T.Type, _ terms: [String], in range: KeyRange = .all, limit: Int
    ) throws -> [Entry<T>] {
        try search(terms, in: range, limit: limit).map { try RecordCoding.entry(type, from: $0) }
    }
}

/// How values become bytes: Foundation's JSON with sorted keys, dates as seconds since 1970 (lossless for `Date`).
public enum RecordCoding {
    /// Encodes `value` for storage.
    public static func encode<T: Encodable>(_ value: T, key: String) throws -> Data {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            encoder.dateEncodingStrategy = .secondsSince1970
            return try encoder.encode(value)
        } catch {
            throw PersistenceError.encoding(key: key, type: "\(T.self)", reason: "\(error)")
        }
    }

    /// Decodes a stored value.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data, key: String) throws -> T {
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            return try decoder.decode(type, from: data)
        } catch {
            throw PersistenceError.decoding(key: key, type: "\(T.self)", reason: "\(error)")
        }
    }

    /// Decodes a raw record into an entry.
    public static func entry<T: Decodable>(_ type: T.Type, from record: RawRecord) throws -> Entry<T> {
        Entry(
            key: record.key, value: try decode(type, from: record.value, key: record.key),
            storedAt: record.storedAt, expiresAt: record.expiresAt)
    }
}
