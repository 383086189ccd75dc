import Foundation
import Logging
import NIOCore
import Persistence
import PostgresNIO

/// One transaction on one namespace, on one connection, driven synchronously from a thread of the database's
/// blocking pool (``StoreTransaction`` is synchronous): each statement is sent through PostgresNIO and the
/// thread waits for its rows.
///
/// Keys, values and search text are `bytea`, compared bytewise, so keys order as in every other backend and may
/// hold any character, NUL included. Each word of a record's search text is a row of `folio_search_words`, so a
/// word-prefix term is a range scan of one index.
final class PostgresTransaction: StoreTransaction {
    private let connection: PostgresConnection
    private let namespace: String
    private let tables: PostgresTables
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let location: PostgresLocation
    private let writeBatch: Int
    /// Set when a statement failed: PostgreSQL then refuses everything until the rollback, and a COMMIT of such
    /// a transaction answers ROLLBACK without an error, so the commit checks this first.
    private(set) var failed = false
    /// Puts not sent yet (see ``flush()``), and where each key is among them.
    private var pending: [ExportedRecord] = []
    private var pendingIndex: [String: Int] = [:]

    init(
        connection: PostgresConnection, namespace: String, tables: PostgresTables, location: PostgresLocation,
        now: @escaping @Sendable () -> Date, writeBatch: Int, logger: Logger
    ) {
        self.writeBatch = writeBatch
        self.connection = connection
        self.namespace = namespace
        self.tables = tables
        self.location = location
        self.now = now
        self.logger = logger
    }

    // MARK: Running statements

    /// Runs `sql` with `binds` and waits for its rows. Must not be called on an event loop or a Swift
    /// concurrency thread: the database runs transactions on its own blocking pool.
    func rows(_ sql: String, _ binds: PostgresBindings = PostgresBindings()) throws -> [PostgresRow] {
        let query = PostgresQuery(unsafeSQL: sql, binds: binds)
        let (connection, logger) = (connection, logger)
        let promise = connection.eventLoop.makePromise(of: [PostgresRow].self)
        promise.completeWithTask { try await connection.query(query, logger: logger).collect() }
        do {
            return try promise.futureResult.wait()
        } catch {
            failed = true
            throw PostgresFailure.map(error, location: location)
        }
    }

    /// Rolls the transaction back; afterwards ``failed`` says whether the connection is still unusable.
    func rollBack() {
        pending = []
        pendingIndex = [:]
        failed = false
        try? execute("ROLLBACK")
    }

    func execute(_ sql: String, _ binds: PostgresBindings = PostgresBindings()) throws {
        _ = try rows(sql, binds)
    }

    private func decode<Value>(_ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch {
            throw PersistenceError.storage("PostgreSQL sent a row folio cannot read: \(String(reflecting: error))")
        }
    }

    /// Binds the namespace first, then each of `values`.
    private func binds(_ values: [any PostgresThrowingDynamicTypeEncodable & Sendable] = []) throws -> PostgresBindings {
        var binds = PostgresBindings(capacity: values.count + 1)
        binds.append(namespace)
        for value in values { try binds.append(value) }
        return binds
    }

    // MARK: StoreTransaction

    func get(_ key: String) throws -> RawRecord? {
        if let index = pendingIndex[key] { return pending[index].record }
        let found = try rows(
            "SELECT value, stored_at, expires_at FROM \(tables.records) WHERE namespace = $1 AND key = $2",
            binds([Data(key.utf8)]))
        guard let row = found.first else { return nil }
        let (value, storedAt, expiresAt) = try decode { try row.decode((Data, Double, Double?).self) }
        return RawRecord(
            key: key, value: value, storedAt: Date(timeIntervalSince1970: storedAt),
            expiresAt: expiresAt.map { Date(timeIntervalSince1970: $0) })
    }

    func put(_ key: String, value: Data, expiresAt: Date?, searchText: String?) throws {
        try restore(
            ExportedRecord(
                record: RawRecord(key: key, value: value, storedAt: now(), expiresAt: expiresAt),
                searchText: searchText))
    }

    func restore(_ record: ExportedRecord) throws {
        if let index = pendingIndex[record.record.key] {
            pending[index] = record
        } else {
            pendingIndex[record.record.key] = pending.count
            pending.append(record)
        }
        if pending.count >= writeBatch { try flush() }
    }

    func export(_ range: KeyRange) throws -> [ExportedRecord] {
        try flush()
        let (condition, values) = rangeCondition(range, column: "key", firstParameter: 2)
        return try rows(
            """
            SELECT key, value, stored_at, expires_at, search_text FROM \(tables.records) WHERE namespace = $1\(condition)
            ORDER BY stored_order
            """, binds(values)
        ).map { row in
            let (key, value, storedAt, expiresAt, text) = try decode {
                try row.decode((Data, Data, Double, Double?, Data?).self)
            }
            return ExportedRecord(
                record: RawRecord(
                    key: String(decoding: key, as: UTF8.self), value: value,
                    storedAt: Date(timeIntervalSince1970: storedAt),
                    expiresAt: expiresAt.map { Date(timeIntervalSince1970: $0) }),
                searchText: text.map { String(decoding: $0, as: UTF8.self) })
        }
    }

    // MARK: Batched writes

    // Puts are held back, up to the database's `writeBatch`, and sent together in two statements: one round
    // trip a put made loading the 45,000-scheme funds catalogue take minutes. Whatever reads more than one key
    // sends them first (`get` answers from the batch), and so does the commit.

    /// Sends the held-back puts: one upsert of every record (removing the words of those replaced) and one
    /// insert of every search word. A key put twice is sent once, with its last value, in the place of its first.
    func flush() throws {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending = []
        pendingIndex = [:]
        var keys: [ByteBuffer] = []
        var values: [ByteBuffer] = []
        var storedAt: [Double] = []
        var expiresAt: [Double] = []
        var texts: [ByteBuffer] = []
        var indexed: [Bool] = []
        var wordCounts: [Int] = []
        var wordKeys: [ByteBuffer] = []
        var wordPositions: [Int] = []
        var words: [String] = []
        for exported in batch {
            let record = exported.record
            let key = ByteBuffer(bytes: Array(record.key.utf8))
            keys.append(key)
            values.append(ByteBuffer(bytes: record.value))
            storedAt.append(record.storedAt.timeIntervalSince1970)
            // NaN stands for "never": PostgreSQL arrays carry no optionals through PostgresNIO.
            expiresAt.append(record.expiresAt?.timeIntervalSince1970 ?? .nan)
            texts.append(ByteBuffer(bytes: Array((exported.searchText ?? "").utf8)))
            indexed.append(exported.searchText != nil)
            let recordWords = exported.searchText.map(SearchText.words) ?? []
            wordCounts.append(recordWords.count)
            for (position, word) in recordWords.enumerated() {
                wordKeys.append(key)
                wordPositions.append(position)
                words.append(word)
            }
        }
        var recordBinds = try self.binds()
        recordBinds.append(keys)
        recordBinds.append(values)
        recordBinds.append(storedAt)
        recordBinds.append(expiresAt)
        recordBinds.append(texts)
        recordBinds.append(indexed)
        recordBinds.append(wordCounts)
        // The old words go in the same statement: its CTEs all read the snapshot from before the upsert.
        try execute(
            """
            WITH input AS (
                SELECT * FROM unnest($2::bytea[], $3::bytea[], $4::float8[], $5::float8[], $6::bytea[], $7::bool[],
                    $8::int8[]) WITH ORDINALITY
                    AS i(key, value, stored_at, expires_at, search_text, indexed, word_count, ordinality)),
            old_words AS (
                DELETE FROM \(tables.words) w USING \(tables.records) r, input i
                WHERE r.namespace = $1 AND r.key = i.key AND r.word_count > 0 AND w.namespace = $1 AND w.key = r.key)
            INSERT INTO \(tables.records) AS r (namespace, key, value, stored_at, expires_at, search_text, word_count)
            SELECT $1, key, value, stored_at, nullif(expires_at, 'NaN'::float8),
                CASE WHEN indexed THEN search_text END, word_count
            FROM input ORDER BY ordinality
            ON CONFLICT (namespace, key) DO UPDATE SET
                value = excluded.value, stored_at = excluded.stored_at, expires_at = excluded.expires_at,
                search_text = excluded.search_text, word_count = excluded.word_count
            """, recordBinds)
        guard !words.isEmpty else { return }
        var wordBinds = try self.binds()
        wordBinds.append(wordKeys)
        wordBinds.append(wordPositions)
        wordBinds.append(words)
        try execute(
            """
            INSERT INTO \(tables.words) (namespace, key, position, word)
            SELECT $1, key, position, word FROM unnest($2::bytea[], $3::int8[], $4::text[]) AS w(key, position, word)
            """, wordBinds)
    }

    func delete(_ key: String) throws {
        try flush()
        try execute(
            """
            WITH gone AS (DELETE FROM \(tables.records) WHERE namespace = $1 AND key = $2 RETURNING key, word_count)
            DELETE FROM \(tables.words) w USING gone
            WHERE w.namespace = $1 AND w.key = gone.key AND gone.word_count > 0
            """, binds([Data(key.utf8)]))
    }

    func delete(_ range: KeyRange) throws -> Int {
        try flush()
        let (condition, values) = rangeCondition(range, column: "key", firstParameter: 2)
        let counted = try rows(
            """
            WITH gone AS (
                DELETE FROM \(tables.records) WHERE namespace = $1\(condition) RETURNING key, word_count),
            words AS (
                DELETE FROM \(tables.words) w USING gone
                WHERE w.namespace = $1 AND w.key = gone.key AND gone.word_count > 0)
            SELECT count(*) FROM gone
            """, binds(values))
        return try counted.first.map { row in try decode { try row.decode(Int.self) } } ?? 0
    }

    func scan(_ range: KeyRange, limit: Int?, reverse: Bool) throws -> [RawRecord] {
        try flush()
        let (condition, values) = rangeCondition(range, column: "key", firstParameter: 2)
        var sql = """
            SELECT key, value, stored_at, expires_at FROM \(tables.records) WHERE namespace = $1\(condition)
            ORDER BY key \(reverse ? "DESC" : "ASC")
            """
        var all: [any PostgresThrowingDynamicTypeEncodable & Sendable] = values
        if let limit {
            sql += " LIMIT $\(values.count + 2)"
            all.append(max(0, limit))
        }
        return try rows(sql, binds(all)).map(record)
    }

    func count(_ range: KeyRange) throws -> Int {
        try flush()
        let (condition, values) = rangeCondition(range, column: "key", firstParameter: 2)
        let counted = try rows(
            "SELECT count(*) FROM \(tables.records) WHERE namespace = $1\(condition)", binds(values))
        return try counted.first.map { row in try decode { try row.decode(Int.self) } } ?? 0
    }

    func search(_ terms: [String], in range: KeyRange, limit: Int) throws -> [RawRecord] {
        try ranked(terms, in: range, limit: limit, columns: "r.key, r.value, r.stored_at, r.expires_at")
            .map(record)
    }

    func searchHits(_ terms: [String], in range: KeyRange, limit: Int) throws -> [SearchHit] {
        try ranked(terms, in: range, limit: limit, columns: "r.key, r.search_text").map(hit)
    }

    func firstSearchHits(_ terms: [String], wholeWords: [String], in range: KeyRange, limit: Int) throws
        -> SearchHitList
    {
        try flush()
        let prefixes = SearchText.terms(terms)
        let whole = SearchText.terms(wholeWords)
        guard !prefixes.isEmpty || !whole.isEmpty else { return SearchHitList(hits: [], hasMore: false) }
        let kept = max(0, limit)
        var hits = try matches(
            prefixes + whole, exact: prefixes.map { _ in false } + whole.map { _ in true }, in: range,
            columns: "r.key, r.search_text", order: "r.stored_order", limit: kept + 1
        ).map(hit)
        let hasMore = hits.count > kept
        if hasMore { hits.removeLast() }
        return SearchHitList(hits: hits, hasMore: hasMore)
    }

    // MARK: Search

    /// Matches ranked as the in-memory backend ranks them: for each term, the position of the first word it
    /// starts plus one unless that word is the term itself, summed; then fewer words first; then key order.
    private func ranked(_ terms: [String], in range: KeyRange, limit: Int, columns: String) throws -> [PostgresRow] {
        try flush()
        let wanted = SearchText.terms(terms)
        guard !wanted.isEmpty else { return [] }
        return try matches(
            wanted, exact: wanted.map { _ in false }, in: range, columns: columns,
            order: "m.score * 1000 + r.word_count, r.key", limit: max(0, limit))
    }

    /// Records with, for every term, a word it starts (or equals, where `exact`), with `m.score` as
    /// ``ranked(_:in:limit:columns:)`` describes, ordered by `order`.
    private func matches(
        _ terms: [String], exact: [Bool], in range: KeyRange, columns: String, order: String, limit: Int
    ) throws -> [PostgresRow] {
        let (condition, values) = rangeCondition(range, column: "w.key", firstParameter: 6)
        // chr(1114111), the last code point, sorts after every continuation of a word in the database's byte
        // order, so `word >= term AND word < term || chr(1114111)` is "word starts with term" on the index.
        let sql = """
            WITH terms AS (
                SELECT term, exact, ordinality FROM unnest($2::text[], $3::bool[]) WITH ORDINALITY AS t(term, exact)),
            hits AS (
                SELECT DISTINCT ON (w.key, t.ordinality) w.key, w.position + (w.word <> t.term)::int AS score
                FROM terms t JOIN \(tables.words) w
                    ON w.namespace = $1 AND w.word >= t.term AND w.word < t.term || chr(1114111)
                    AND (NOT t.exact OR w.word = t.term)\(condition)
                ORDER BY w.key, t.ordinality, w.position),
            m AS (SELECT key, sum(score) AS score FROM hits GROUP BY key HAVING count(*) = $4)
            SELECT \(columns) FROM m JOIN \(tables.records) r ON r.namespace = $1 AND r.key = m.key
            ORDER BY \(order)
            LIMIT $5
            """
        return try rows(sql, binds([terms, exact, terms.count, limit] + values))
    }

    // MARK: Rows

    /// The condition for `range` on `column`, its parameters numbered from `firstParameter`.
    private func rangeCondition(_ range: KeyRange, column: String, firstParameter: Int)
        -> (String, [any PostgresThrowingDynamicTypeEncodable & Sendable])
    {
        var condition = ""
        var values: [any PostgresThrowingDynamicTypeEncodable & Sendable] = []
        if let lower = range.lower {
            condition += " AND \(column) >= $\(firstParameter + values.count)"
            values.append(Data(lower.utf8))
        }
        if let upper = range.upper {
            condition += " AND \(column) < $\(firstParameter + values.count)"
            values.append(Data(upper.utf8))
        }
        return (condition, values)
    }

    /// A record from a row of `key, value, stored_at, expires_at`.
    private func record(_ row: PostgresRow) throws -> RawRecord {
        let (key, value, storedAt, expiresAt) = try decode { try row.decode((Data, Data, Double, Double?).self) }
        return RawRecord(
            key: String(decoding: key, as: UTF8.self), value: value, storedAt: Date(timeIntervalSince1970: storedAt),
            expiresAt: expiresAt.map { Date(timeIntervalSince1970: $0) })
    }

    /// A hit from a row of `key, search_text`.
    private func hit(_ row: PostgresRow) throws -> SearchHit {
        let (key, text) = try decode { try row.decode((Data, Data).self) }
        return SearchHit(key: String(decoding: key, as: UTF8.self), text: String(decoding: text, as: UTF8.self))
    }
}
