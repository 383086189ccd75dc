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

    init(db: Database, namespace: String, now: @escaping @Sendable () -> Date) {
        self.db = db
        self.namespace = namespace
        self.now = now
    }

    func get(_ key: String) throws -> RawRecord? {
        try run("SELECT value, stored_at, expires_at FROM records WHERE namespace = ? AND key = ?") { statement in
            try statement.bind(1, namespace)
            try statement.bind(2, key)
            guard try statement.step() else { return nil }
            return RawRecord(
                key: key, value: statement.blob(0), storedAt: Date(timeIntervalSince1970: statement.double(1) ?? 0),
                expiresAt: statement.double(2).map { Date(timeIntervalSince1970: $0) })
        }
    }

    func put(_ key: String, value: Data, expiresAt: Date?, searchText: String?) throws {
        try store(key, value: value, storedAt: now(), expiresAt: expiresAt, searchText: searchText)
    }

    func restore(_ exported: ExportedRecord) throws {
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
                SELECT r.key, r.value, r.stored_at, r.expires_at, search.text FROM records r
                LEFT JOIN search ON search.rowid = r.id
                WHERE r.namespace = ?\(condition) ORDER BY r.id
                """,
            arguments: StatementArguments(values))
        return rows.map { row in
            let storedAt: Double = row[2]
            let expiresAt: Double? = row[3]
            return ExportedRecord(
                record: RawRecord(
                    key: row[0], value: row[1], storedAt: Date(timeIntervalSince1970: storedAt),
                    expiresAt: expiresAt.map { Date(timeIntervalSince1970: $0) }),
                searchText: row[4])
        }
    }

    private func store(_ key: String, value: Data, storedAt: Date, expiresAt: Date?, searchText: String?) throws {
        // The record's id (the search row's rowid) comes from `last_insert_rowid` when the upsert inserted, and
        // from the unique index when it replaced. `RETURNING id` gave it in one statement but made SQLite
        // collect the returned row in a temporary table: 34,000 instructions a put against about 21,000 for
        // the upsert and the lookup (a stock trade stores three records). An upsert that updates leaves
        // `last_insert_rowid` as it was, hence the reset to 0, an id SQLite never assigns.
        sqlite3_set_last_insert_rowid(db.sqliteConnection, 0)
        try run(
            """
            INSERT INTO records(namespace, key, value, stored_at, expires_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT(namespace, key) DO UPDATE SET
                value = excluded.value, stored_at = excluded.stored_at, expires_at = excluded.expires_at
            """
        ) { statement in
            try statement.bind(1, namespace)
            try statement.bind(2, key)
            try statement.bind(3, value)
            try statement.bind(4, storedAt.timeIntervalSince1970)
            try statement.bind(5, expiresAt?.timeIntervalSince1970)
            _ = try statement.step()
        }
        var id = sqlite3_last_insert_rowid(db.sqliteConnection)
        let replaced = id == 0
        if replaced {
            id = try run("SELECT id FROM records WHERE namespace = ? AND key = ?") { statement -> Int64 in
                try statement.bind(1, namespace)
                try statement.bind(2, key)
                guard try statement.step() else {
                    throw Persistence.PersistenceError.storage("could not store \"\(key)\"")
                }
                return statement.int64(0)
            }
        }
        // A new record has no search text unless a row was left under a reused id; FTS5 would refuse the
        // insert below, so that case is checked too (one index lookup).
        if replaced || searchText != nil { try deleteSearchText(id: id) }
        if let searchText {
            try run("INSERT INTO search(rowid, text) VALUES (?, ?)") { statement in
                try statement.bind(1, id)
                try statement.bind(2, searchText)
                _ = try statement.step()
            }
        }
    }

    func delete(_ key: String) throws {
        let id = try run("DELETE FROM records WHERE namespace = ? AND key = ? RETURNING id") { statement in
            try statement.bind(1, namespace)
            try statement.bind(2, key)
            return try statement.step() ? statement.int64(0) : nil
        }
        if let id { try deleteSearchText(id: id) }
    }

    func delete(_ range: KeyRange) throws -> Int {
        let (condition, values) = rangeCondition(range)
        let ids = try Int64.fetchAll(
            db, sql: "DELETE FROM records WHERE namespace = ?\(condition) RETURNING id",
            arguments: StatementArguments(values))
        for id in ids { try deleteSearchText(id: id) }
        return ids.count
    }

    func scan(_ range: KeyRange, limit: Int?, reverse: Bool) throws -> [RawRecord] {
        let (condition, values) = rangeCondition(range)
        var sql = "SELECT key, value, stored_at, expires_at FROM records WHERE namespace = ?\(condition)"
        sql += " ORDER BY key \(reverse ? "DESC" : "ASC")"
        if limit != nil { sql += " LIMIT ?" }
        return try rows(sql, texts: values, limit: limit.map { max(0, $0) }, Self.record)
    }

    func count(_ range: KeyRange) throws -> Int {
        let (condition, values) = rangeCondition(range)
        return try Int.fetchOne(
            db, sql: "SELECT COUNT(*) FROM records WHERE namespace = ?\(condition)",
            arguments: StatementArguments(values)) ?? 0
    }

    func search(_ terms: [String], in range: KeyRange, limit: Int) throws -> [RawRecord] {
        try matches(terms, in: range, limit: limit, columns: "r.key, r.value, r.stored_at, r.expires_at", Self.record)
    }

    func searchHits(_ terms: [String], in range: KeyRange, limit: Int) throws -> [SearchHit] {
        try matches(terms, in: range, limit: limit, columns: "r.key, search.text", Self.hit)
    }

    func firstSearchHits(_ terms: [String], wholeWords: [String], in range: KeyRange, limit: Int) throws
        -> SearchHitList
    {
        var hits = try matches(
            terms, wholeWords: wholeWords, in: range, limit: max(0, limit) + 1, columns: "r.key, search.text",
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
        order: String = "search.rank, r.key", _ transform: (RawStatement) -> Match
    ) throws -> [Match] {
        let prefixes = SearchText.terms(terms)
        let whole = SearchText.terms(wholeWords)
        guard !prefixes.isEmpty || !whole.isEmpty else { return [] }
        let (condition, values) = rangeCondition(range, column: "r.key")
        // CROSS JOIN fixes the loop order: the index's matches outside, a lookup by id inside. Left to itself,
        // without ORDER BY rank, the planner chose to walk every record of the namespace and run the match
        // once per record: 12 s instead of 10 ms over 45,000 schemes.
        let sql = """
            SELECT \(columns)
            FROM search CROSS JOIN records r ON r.id = search.rowid
            WHERE search MATCH ? AND r.namespace = ?\(condition)
            ORDER BY \(order)
            LIMIT ?
            """
        return try rows(
            sql, texts: [Self.matchExpression(prefixes, wholeWords: whole)] + values, limit: max(0, limit), transform)
    }

    /// Every row of `sql`, its parameters `texts` and then `limit` (when given), read through SQLite's C API.
    /// GRDB's cursor converted each column through its value protocols, and `Row.fetchAll` also copied every
    /// row into an object of its own; freeing those cost more than reading them (5 M instructions for 500 hits).
    private func rows<Element>(
        _ sql: String, texts: [String], limit: Int?, _ transform: (RawStatement) -> Element
    ) throws -> [Element] {
        try run(sql) { statement in
            for (index, text) in texts.enumerated() { try statement.bind(Int32(index + 1), text) }
            if let limit { try statement.bind(Int32(texts.count + 1), Int64(limit)) }
            var elements: [Element] = []
            while try statement.step() { elements.append(transform(statement)) }
            return elements
        }
    }

    private static func hit(_ statement: RawStatement) -> SearchHit {
        SearchHit(key: statement.text(0), text: statement.text(1))
    }

    /// The SQL condition for `range` on `column` and its parameters, the namespace first.
    private func rangeCondition(_ range: KeyRange, column: String = "key") -> (String, [String]) {
        var condition = ""
        var values = [namespace]
        if let lower = range.lower {
            condition += " AND \(column) >= ?"
            values.append(lower)
        }
        if let upper = range.upper {
            condition += " AND \(column) < ?"
            values.append(upper)
        }
        return (condition, values)
    }

    /// Removes a record's search text, if it has any. Most records have none (every trade, holding and balance),
    /// and asking the index to delete a row it lacks runs its full delete machinery; a lookup in FTS5's content
    /// table (its documented `%_content` shadow table, keyed by `id`) costs a fraction of that.
    private func deleteSearchText(id: Int64) throws {
        let indexed = try run("SELECT 1 FROM search_content WHERE id = ?") { statement in
            try statement.bind(1, id)
            return try statement.step()
        }
        guard indexed else { return }
        try run("DELETE FROM search WHERE rowid = ?") { statement in
            try statement.bind(1, id)
            _ = try statement.step()
        }
    }

    /// Runs `body` with the cached statement for `sql` through SQLite's C API (see ``RawStatement``), and
    /// resets it afterwards, whether `body` finished it or not.
    private func run<Result>(_ sql: String, _ body: (RawStatement) throws -> Result) throws -> Result {
        let statement = RawStatement(try db.cachedStatement(sql: sql))
        defer { statement.reset() }
        return try body(statement)
    }

    /// A record from a row of `key, value, stored_at, expires_at`.
    private static func record(_ statement: RawStatement) -> RawRecord {
        RawRecord(
            key: statement.text(0), value: statement.blob(1),
            storedAt: Date(timeIntervalSince1970: statement.double(2) ?? 0),
            expiresAt: statement.double(3).map { Date(timeIntervalSince1970: $0) })
    }
}
