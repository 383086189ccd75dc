import Foundation
import Persistence
import PostgresNIO

/// The qualified names of Folio's tables in one PostgreSQL schema.
struct PostgresTables: Sendable {
    let schema: String
    let records: String
    let words: String
    let namespaces: String
    let version: String

    init(schema: String) {
        self.schema = schema
        let quoted = "\"" + schema.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        records = "\(quoted).folio_records"
        words = "\(quoted).folio_search_words"
        namespaces = "\(quoted).folio_namespaces"
        version = "\(quoted).folio_schema"
    }

    var quotedSchema: String { "\"" + schema.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
}

/// Folio's own tables in PostgreSQL and their history. Namespaced records keep their key and value as `bytea`;
/// `stored_order` is the order a record was first stored in (an upsert keeps it, so replacing keeps a record's
/// place); each search word is a row keyed by its record.
enum PostgresSchema {
    /// The newest layout this program knows; kept in `folio_schema`.
    static let version = 2

    static func steps(_ tables: PostgresTables) -> [[String]] {
        [
            [
                """
                CREATE TABLE IF NOT EXISTS \(tables.records) (
                    namespace text NOT NULL,
                    key bytea NOT NULL,
                    value bytea NOT NULL,
                    stored_at double precision NOT NULL,
                    expires_at double precision,
                    search_text bytea,
                    word_count integer NOT NULL DEFAULT 0,
                    stored_order bigserial NOT NULL,
                    PRIMARY KEY (namespace, key))
                """,
                """
                CREATE TABLE IF NOT EXISTS \(tables.words) (
                    namespace text NOT NULL,
                    key bytea NOT NULL,
                    position integer NOT NULL,
                    word text COLLATE "C" NOT NULL,
                    PRIMARY KEY (namespace, key, position))
                """,
                "CREATE INDEX IF NOT EXISTS folio_search_words_by_word ON \(tables.words) (namespace, word)",
                """
                CREATE TABLE IF NOT EXISTS \(tables.namespaces) (
                    namespace text PRIMARY KEY, version integer NOT NULL)
                """,
            ],
            // Version 2: what search needs to start from its rarest term. A record's words by word (with their
            // position, so ranking reads no table row) check each other term with one index probe, and records
            // by stored order let a search whose terms all match thousands of records read records in order and
            // stop at its limit, rather than join every matching word (a thousand times slower than SQLite
            // over the funds catalogue).
            [
                """
                CREATE INDEX IF NOT EXISTS folio_search_words_by_key_word
                ON \(tables.words) (namespace, key, word) INCLUDE (position)
                """,
                """
                CREATE INDEX IF NOT EXISTS folio_records_by_stored_order ON \(tables.records) (namespace, stored_order)
                """,
            ],
        ]
    }

    /// Creates or upgrades the tables, once for every process that starts at the same time: the first takes a
    /// session advisory lock, the others wait for it and then find the work done.
    static func prepare(_ transaction: PostgresTransaction, tables: PostgresTables) throws {
        if try installedVersion(transaction, tables: tables) == version { return }
        try transaction.execute(
            "SELECT pg_advisory_lock(hashtextextended($1, 0))", lockKey(tables: tables))
        defer {
            if !transaction.failed {
                try? transaction.execute(
                    "SELECT pg_advisory_unlock(hashtextextended($1, 0))", lockKey(tables: tables))
            }
        }
        try transaction.execute("CREATE SCHEMA IF NOT EXISTS \(tables.quotedSchema)")
        try transaction.execute("CREATE TABLE IF NOT EXISTS \(tables.version) (version integer NOT NULL)")
        let installed = try installedVersion(transaction, tables: tables) ?? 0
        guard installed <= version else {
            throw PersistenceError.newerSchema(namespace: "(PostgreSQL tables)", found: installed, supported: version)
        }
        guard installed < version else { return }
        try transaction.execute("BEGIN")
        for step in steps(tables)[installed..<version] {
            for statement in step { try transaction.execute(statement) }
        }
        try transaction.execute("DELETE FROM \(tables.version)")
        var binds = PostgresBindings()
        binds.append(version)
        try transaction.execute("INSERT INTO \(tables.version) (version) VALUES ($1)", binds)
        try transaction.execute("COMMIT")
    }

    /// The installed layout's version, nil when there are no Folio tables yet.
    private static func installedVersion(_ transaction: PostgresTransaction, tables: PostgresTables) throws -> Int? {
        var binds = PostgresBindings()
        binds.append(tables.version)
        let exists = try transaction.rows("SELECT to_regclass($1) IS NOT NULL", binds)
        guard try exists.first?.decode(Bool.self) == true else { return nil }
        let rows = try transaction.rows("SELECT max(version) FROM \(tables.version)")
        return try rows.first?.decode(Int?.self)
    }

    static func lockKey(tables: PostgresTables, namespace: String? = nil) -> PostgresBindings {
        var binds = PostgresBindings()
        binds.append("folio:" + tables.schema + (namespace.map { ":" + $0 } ?? ""))
        return binds
    }
}
