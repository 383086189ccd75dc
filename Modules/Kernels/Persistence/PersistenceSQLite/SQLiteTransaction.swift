import Foundation
import GRDB
import GRDBSQLite
import Persistence

/// One transaction on one namespace of the SQLite file. Search text lives in an FTS5 table whose rowid is
/// the record's id, so replacing or deleting one record touches one index row, never a scan.
final class SQLiteTransaction: StoreTransaction {
    private let db: Database
    private let namespace: String
    private let now: @Sendable () -> Date
    private let readOnly: Bool
    /// Whether a put or delete was made (a ``WriteHook`` runs only then).
    private(set) var wrote = false
    /// Where a page view's read keeps what it was told, for the views after it (``SQLiteSharedReads``).
    var answers: ReadAnswers?

    /// - Parameter readOnly: Whether writes are refused (a read transaction), as PostgreSQL's READ ONLY does.
    init(db: Database, namespace: String, now: @escaping @Sendable () -> Date, readOnly: Bool = false) {
        self.db = db
        self.namespace = namespace
        self.now = now
        self.readOnly = readOnly
    }

    private func requireWritable() throws {
        guard !readOnly else { throw PersistenceError.storage("a read transaction cannot write (use write)") }
        wrote = true
    }

    func get(_ key: String) throws -> RawRecord? {
        guard let answers else { return try fetch(key) }
        let question = ReadAnswers.Question.get(namespace: namespace, key: key)
        if let known = answers.records(question) { return known.first }
        let record = try fetch(key)
        answers.keep(record.map { [$0] } ?? [], for: question)
        return record
    }

    private func fetch(_ key: String) throws -> RawRecord? {
        let statement = try db.cachedStatement(
            sql:
                "SELECT value, stored_at, expires_at FROM records WHERE namespace = \(Self.text) AND key = \(Self.text)"
        )
        guard let row = try Row.fetchOne(statement, arguments: [Self.bytes(namespace), Self.bytes(key)]) else {
            return nil
        }
        let storedAt: Double = row[1]
        let expiresAt: Double? = row[2]
        return RawRecord(
            key: key, value: row[0], storedAt: Date(timeIntervalSince1970: storedAt),
            expiresAt: expiresAt.map { Date(timeIntervalSince1970: $0) })
    }

    func put(_ key: String, value: Data, expiresAt: Date?, searchText: String?) throws {
        try requireWritable()
        try store(key, value: value, storedAt: now(), expiresAt: expiresAt, searchText: searchText)
    }

    func restore(_ exported: ExportedRecord) throws {
        try requireWritable()
        let record = exported.record
        try store(
            record.key, value: record.value, storedAt: record.storedAt, expiresAt: record.expiresAt,
            searchText: exported.searchText)
    }

    /// Records keep their id when replaced, so id order is the order they were first stored in.
    func export(_ range: KeyRange) throws -> [ExportedRecord] {
        let (condition, values) = rangeCondition(range, column: "r.key")
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT CAST(r.key AS BLOB), r.value, r.stored_at, r.expires_at, CAST(search.text AS BLOB) FROM records r
                LEFT JOIN search ON search.rowid = r.id
                WHERE r.namespace = \(Self.text)\(condition) ORDER BY r.id
                """,
            arguments: StatementArguments(values))
        return rows.map { row in
            let storedAt: Double = row[2]
            let expiresAt: Double? = row[3]
            return ExportedRecord(
                record: RawRecord(
                    key: Self.string(row, 0), value: row[1], storedAt: Date(timeIntervalSince1970: storedAt),
                    expiresAt: expiresAt.map { Date(timeIntervalSince1970: $0) }),
                searchText: row.hasNull(atIndex: 4) ? nil : Self.string(row, 4))
        }
    }

    private func store(_ key: String, value: Data, storedAt: Date, expiresAt: Date?, searchText: String?) throws {
        // The record's id (the search row's rowid) comes from `last_insert_rowid` when the upsert inserted, and
        // from the unique index when it replaced. `RETURNING id` gave it in one statement but made SQLite
        // collect the returned row in a temporary table: 34,000 instructions a put against about 21,000 for
        // the upsert and the lookup (a stock trade stores three records). An upsert that updates leaves
        // `last_insert_rowid` as it was, hence the reset to 0, an id SQLite never assigns.
        sqlite3_set_last_insert_rowid(db.sqliteConnection, 0)
        try db.cachedStatement(
            sql: """
                INSERT INTO records(namespace, key, value, stored_at, expires_at) VALUES (\(Self.text), \(Self.text), ?, ?, ?)
                ON CONFLICT(namespace, key) DO UPDATE SET
                    value = excluded.value, stored_at = excluded.stored_at, expires_at = excluded.expires_at
                """
        ).execute(
            arguments: [
                Self.bytes(namespace), Self.bytes(key), value, storedAt.timeIntervalSince1970,
                expiresAt?.timeIntervalSince1970,
            ])
        var id = db.lastInsertedRowID
        let replaced = id == 0
        if replaced {
            let lookup = try db.cachedStatement(
                sql: "SELECT id FROM records WHERE namespace = \(Self.text) AND key = \(Self.text)")
            guard let existing = try Int64.fetchOne(lookup, arguments: [Self.bytes(namespace), Self.bytes(key)]) else {
                throw Persistence.PersistenceError.storage("could not store \"\(key)\"")
            }
            id = existing
        }
        // A new record has no search text unless a row was left under a reused id; FTS5 would refuse the
        // insert below, so that case is checked too (one index lookup).
        if replaced || searchText != nil { try deleteSearchText(id: id) }
        if let searchText {
            try db.cachedStatement(sql: "INSERT INTO search(rowid, text) VALUES (?, ?)").execute(arguments: [
                id, searchText,
            ])
        }
    }

    func delete(_ key: String) throws {
        try requireWritable()
        let statement = try db.cachedStatement(
            sql: "DELETE FROM records WHERE namespace = \(Self.text) AND key = \(Self.text) RETURNING id")
        if let id = try Int64.fetchOne(statement, arguments: [Self.bytes(namespace), Self.bytes(key)]) {
            try deleteSearchText(id: id)
        }
    }

    func delete(_ range: KeyRange) throws -> Int {
        try requireWritable()
        let (condition, values) = rangeCondition(range)
        let ids = try Int64.fetchAll(
            db, sql: "DELETE FROM records WHERE namespace = \(Self.text)\(condition) RETURNING id",
            arguments: StatementArguments(values))
        for id in ids { try deleteSearchText(id: id) }
        return ids.count
    }

    func scan(_ range: KeyRange, limit: Int?, reverse: Bool) throws -> [RawRecord] {
        guard let answers else { return try fetch(range, limit: limit, reverse: reverse) }
        let question = ReadAnswers.Question.scan(namespace: namespace, range: range, limit: limit, reverse: reverse)
        if let known = answers.records(question) { return known }
        let records = try fetch(range, limit: limit, reverse: reverse)
        answers.keep(records, for: question)
        return records
    }

    private func fetch(_ range: KeyRange, limit: Int?, reverse: Bool) throws -> [RawRecord] {
        let (condition, values) = rangeCondition(range)
        var sql =
            "SELECT CAST(key AS BLOB), value, stored_at, expires_at FROM records WHERE namespace = \(Self.text)\(condition)"
        sql += " ORDER BY key \(reverse ? "DESC" : "ASC")"
        if limit != nil { sql += " LIMIT ?" }
        return try rows(sql, parameters: values, limit: limit.map { max(0, $0) }, Self.record)
    }

    func count(_ range: KeyRange) throws -> Int {
        let (condition, values) = rangeCondition(range)
        return try Int.fetchOne(
            db, sql: "SELECT COUNT(*) FROM records WHERE namespace = \(Self.text)\(condition)",
            arguments: StatementArguments(values)) ?? 0
    }

    func search(_ terms: [String], in range: KeyRange, limit: Int) throws -> [RawRecord] {
        try matches(
            terms, in: range, limit: limit, columns: "CAST(r.key AS BLOB), r.value, r.stored_at, r.expires_at",
            Self.record)
    }

    func searchHits(_ terms: [String], in range: KeyRange, limit: Int) throws -> [SearchHit] {
        try matches(terms, in: range, limit: limit, columns: "CAST(r.key AS BLOB), CAST(search.text AS BLOB)", Self.hit)
    }

    func firstSearchHits(
        _ terms: [String], wholeWords: [String], in range: KeyRange, limit: Int
    ) throws
        -> SearchHitList
    {
        var hits = try matches(
            terms, wholeWords: wholeWords, in: range, limit: max(0, limit) + 1,
            columns: "CAST(r.key AS BLOB), CAST(search.text AS BLOB)",
            order: "search.rowid", Self.hit)
        let hasMore = hits.count > max(0, limit)
        if hasMore { hits.removeLast() }
        return SearchHitList(hits: hits, hasMore: hasMore)
    }

    /// Every term as a prefix and every whole word as itself, all required.
    private static func matchExpression(_ terms: [String], wholeWords: [String]) -> String {
        (terms.map { "\"\($0)\"*" } + wholeWords.map { "\"\($0)\"" }).joined(separator: " ")
    }

    /// The matches, ordered by `order`: the index's rank by default; its rowid (the record's id, so the order
    /// records were first stored) reads in the index's own order and stops at the limit.
    private func matches<Match>(
        _ terms: [String], wholeWords: [String] = [], in range: KeyRange, limit: Int, columns: String,
        order: String = "search.rank, r.key", _ transform: (Row) -> Match
    ) throws -> [Match] {
        let prefixes = SearchText.terms(terms)
        let whole = SearchText.terms(wholeWords)
        guard !prefixes.isEmpty || !whole.isEmpty else { return [] }
        let (condition, values) = rangeCondition(range, column: "r.key")
        // CROSS JOIN fixes the loop order: the index's matches outside, a lookup by id inside. Left to itself,
        // without ORDER BY rank, the planner chose to walk every record of the namespace and run the match
        // once per record, a thousand times slower over the funds catalogue (docs/PERFORMANCE.md).
        let sql = """
            SELECT \(columns)
            FROM search CROSS JOIN records r ON r.id = search.rowid
            WHERE search MATCH ? AND r.namespace = \(Self.text)\(condition)
            ORDER BY \(order)
            LIMIT ?
            """
        return try rows(
            sql,
            parameters: [Self.matchExpression(prefixes, wholeWords: whole)]
                + values.map { $0 as any DatabaseValueConvertible },
            limit: max(0, limit), transform)
    }

    /// Every row of `sql`, its parameters and then `limit` (when given). A cursor hands each row over
    /// without copying it (`Row.fetchAll` would keep one object per row).
    private func rows<Element>(
        _ sql: String, parameters: [any DatabaseValueConvertible], limit: Int?, _ transform: (Row) -> Element
    ) throws -> [Element] {
        let arguments = StatementArguments(parameters.map(\.databaseValue) + (limit.map { [$0.databaseValue] } ?? []))
        let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        var elements: [Element] = []
        while let row = try cursor.next() { elements.append(transform(row)) }
        return elements
    }

    private static func hit(_ row: Row) -> SearchHit {
        SearchHit(key: string(row, 0), text: string(row, 1))
    }

    /// The SQL condition for `range` on `column` and its parameters, the namespace first.
    private func rangeCondition(_ range: KeyRange, column: String = "key") -> (String, [Data]) {
        var condition = ""
        var values = [Self.bytes(namespace)]
        if let lower = range.lower {
            condition += " AND \(column) >= \(Self.text)"
            values.append(Self.bytes(lower))
        }
        if let upper = range.upper {
            condition += " AND \(column) < \(Self.text)"
            values.append(Self.bytes(upper))
        }
        return (condition, values)
    }

    /// A text parameter: its UTF-8 bytes bound as a blob and cast to text in SQL. GRDB binds a `String` as a
    /// C string, which would end a key at its first NUL; a key is stored and compared byte for byte.
    private static let text = "CAST(? AS TEXT)"

    /// The bytes of a text parameter (``text``).
    private static func bytes(_ string: String) -> Data { Data(string.utf8) }

    /// A text column read back byte for byte (selected as `CAST(column AS BLOB)`, for the reason of ``text``).
    private static func string(_ row: Row, _ index: Int) -> String {
        let data: Data = row[index] ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// Removes a record's search text, if it has any. Most records have none (every trade, holding and balance),
    /// and asking the index to delete a row it lacks runs its full delete machinery; a lookup in FTS5's content
    /// table (its documented `%_content` shadow table, keyed by `id`) costs a fraction of that.
    private func deleteSearchText(id: Int64) throws {
        let lookup = try db.cachedStatement(sql: "SELECT 1 FROM search_content WHERE id = ?")
        guard try Int.fetchOne(lookup, arguments: [id]) != nil else { return }
        try db.cachedStatement(sql: "DELETE FROM search WHERE rowid = ?").execute(arguments: [id])
    }

    /// A record from a row of `key, value, stored_at, expires_at`.
    private static func record(_ row: Row) -> RawRecord {
        let storedAt: Double = row[2]
        let expiresAt: Double? = row[3]
        return RawRecord(
            key: string(row, 0), value: row[1], storedAt: Date(timeIntervalSince1970: storedAt),
            expiresAt: expiresAt.map { Date(timeIntervalSince1970: $0) })
    }
}
