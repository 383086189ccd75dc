import Foundation
import GRDB
import Persistence
import PersistenceSQLite
import Testing

/// Files written by an earlier schema open in the current one with nothing lost.
@Suite struct SQLiteSchemaTests {
    @Test func aVersionOneFileGainsPrefixIndexesAndKeepsItsRecordsAndTheirOrder() async throws {
        try await TemporaryFiles.withDatabaseURL { url in
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Self.writeVersionOneFile(
                at: url,
                records: [
                    (3, "scheme/c", "Gamma Fund Direct"), (7, "scheme/a", "Alpha Fund Regular"),
                    (9, "scheme/b", "Beta Fund Direct"),
                ])
            let database = try SQLiteDatabase(fileURL: url)
            let store = database.store(namespace: "funds")
            let first = try await store.read {
                try $0.firstSearchHits(["fun", "dir"], wholeWords: [], in: .prefix("scheme/"), limit: 10)
            }
            #expect(first.hits.map(\.key) == ["scheme/c", "scheme/b"])
            #expect(first.hits.map(\.text) == ["Gamma Fund Direct", "Beta Fund Direct"])
            #expect(try await store.get(String.self, "scheme/a")?.value == "Alpha Fund Regular")
            #expect(try database.integrityCheck() == ["ok"])
            let queue = try DatabaseQueue(path: url.path)
            let definition = try await queue.read { db in
                try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'search'")
            }
            #expect(definition?.contains("prefix = '2 3 4 5 6 7'") == true)
            #expect(try await queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") } == 2)
            #expect(try await queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM search") } == 3)
        }
    }

    /// The file as the first schema left it: records, namespaces and an FTS5 index without prefix indexes,
    /// its migration recorded in GRDB's table and in `user_version`. The SQL is a frozen copy of the first
    /// migration on purpose: it stands for files already on users' disks, whatever the code later becomes.
    private static func writeVersionOneFile(at url: URL, records: [(id: Int64, key: String, text: String)]) throws {
        let queue = try DatabaseQueue(path: url.path)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("records-v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE records (
                        id INTEGER PRIMARY KEY,
                        namespace TEXT NOT NULL,
                        key TEXT NOT NULL,
                        value BLOB NOT NULL,
                        stored_at REAL NOT NULL,
                        expires_at REAL,
                        UNIQUE (namespace, key)
                    );
                    CREATE TABLE namespaces (namespace TEXT PRIMARY KEY, version INTEGER NOT NULL);
                    CREATE VIRTUAL TABLE search USING fts5(text, tokenize = 'unicode61 remove_diacritics 2');
                    """)
        }
        try migrator.migrate(queue)
        try queue.write { db in
            for record in records {
                let value = try RecordCoding.encode(record.text, key: record.key)
                try db.execute(
                    sql: "INSERT INTO records(id, namespace, key, value, stored_at) VALUES (?, 'funds', ?, ?, 0)",
                    arguments: [record.id, record.key, value])
                try db.execute(
                    sql: "INSERT INTO search(rowid, text) VALUES (?, ?)", arguments: [record.id, record.text])
            }
        }
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA user_version = 1")
        }
    }
}
