import Foundation
import GRDB
import GRDBSQLite
import Persistence

/// The embedded default backend: one SQLite file in WAL mode through GRDB.
///
/// One connection per process (a `DatabaseQueue`): a CLI process does one thing at a time, and a second
/// (reader) connection would cost another open and schema load on every command. WAL still lets other
/// processes read while one writes.
///
/// Write transactions begin IMMEDIATE, taking SQLite's write lock up front, so a read-modify-write in one
/// process cannot interleave with another process's (a deferred transaction would fail to upgrade its lock
/// instead of waiting). Other writers wait up to the busy timeout. The file is created 0600 in a 0700
/// directory because it holds password hashes and balances.
public final class SQLiteDatabase: KeyValueDatabase {
    /// The database file.
    public let fileURL: URL
    /// How large the write-ahead log may stay after a checkpoint (bytes); at close it is truncated to 0.
    static let walSizeLimit = 4 << 20
    /// How much of the file SQLite may map into memory (bytes): address space, not memory.
    static let memoryMapLimit = 256 << 20
    let queue: DatabaseQueue
    let now: @Sendable () -> Date
    /// What page views read, kept for the next views while the file is unchanged.
    let reads = SQLiteSharedReads()

    /// Opens (creating if needed) the database at `fileURL`.
    /// - Parameters:
    ///   - fileURL: The SQLite file; its directory is created 0700 if missing.
    ///   - busyTimeout: How long a writer waits for another process's transaction.
    ///   - now: Stamps each record's `storedAt`.
    public init(
        fileURL: URL, busyTimeout: Duration = .seconds(10), now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        self.fileURL = fileURL
        self.now = now
        try Self.prepareFile(at: fileURL)
        var configuration = Configuration()
        configuration.busyMode = .timeout(TimeInterval(busyTimeout.components.seconds))
        configuration.label = "folio"
        // WAL is a property of the file, so it is switched on once. GRDB's own WAL set-up (`journalMode = .wal`)
        // also makes sure a non-empty -wal file exists, for DatabasePool readers, by writing a throwaway table
        // on every open: that turned each read-only command into a writer that paid two fsyncs at open and
        // close. Synchronous NORMAL is what GRDB chooses in WAL mode: a transaction is atomic and
        // survives the process being killed; only a power loss can undo the last commits, never corrupt.
        configuration.prepareDatabase { db in
            if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
                guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                    throw DatabaseError(message: "could not switch \(db.configuration.label ?? "the file") to WAL mode")
                }
            }
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // The -wal and -shm files stay between processes (Apple's system SQLite does the same by default).
            // Otherwise every process, even one that only reads, creates both, sizes and maps the -shm, then
            // checkpoints and deletes them at close: file-system work in each command. The last
            // connection to close still checkpoints, so `folio.sqlite` alone holds every committed write (a
            // copy of it is a backup), and a journal size limit makes that close truncate the -wal to 0 bytes.
            try db.execute(sql: "PRAGMA journal_size_limit = \(Self.walSizeLimit)")
            var persistWAL: CInt = 1
            guard sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &persistWAL) == SQLITE_OK
            else {
                throw DatabaseError(
                    message: "could not keep the write-ahead log of \(db.configuration.label ?? "the file")")
            }
            // Pages are read through a memory map rather than one pread into a malloc'd page cache each:
            // a funds search reads hundreds of pages, and the copies and fresh heap pages were a visible share
            // of its time.
            try db.execute(sql: "PRAGMA mmap_size = \(Self.memoryMapLimit)")
        }
        do {
            queue = try DatabaseQueue(path: fileURL.path, configuration: configuration)
            // The schema's version is kept in `user_version` as well: reading it is one pragma, where the
            // migrator queries its own table on every open. Files from before the stamp, and new files, go
            // through the migrator once.
            let stamped = try queue.inDatabase { db in try Int.fetchOne(db, sql: "PRAGMA user_version") }
            if stamped != Self.schemaVersion {
                try Self.migrator.migrate(queue)
                try queue.inDatabase { db in try db.execute(sql: "PRAGMA user_version = \(Self.schemaVersion)") }
            }
        } catch let error as DatabaseError where [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode) {
            throw StorageFileError(path: fileURL.path, problem: .damaged(error.message ?? "\(error.resultCode)"))
        } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
            throw StorageFileError(path: fileURL.path, problem: .readOnly)
        } catch let error as DatabaseError {
            throw Persistence.PersistenceError.storage("could not open \(fileURL.path): \(error.message ?? "\(error)")")
        }
    }

    /// The store for `namespace`.
    public func store(namespace: String) -> any KeyValueStore {
        SQLiteStore(namespace: namespace, queue: queue, now: now, reads: reads)
    }

    /// Runs SQLite's own consistency check; returns its verdict (`["ok"]` when sound).
    public func integrityCheck() throws -> [String] {
        try Self.mapErrors { try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") } }
    }

    /// The journal mode in force (`wal`).
    public func journalMode() throws -> String {
        try Self.mapErrors { try queue.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" } }
    }

    /// Creates the folder and an empty file when missing; names the real cause when they cannot be used, and
    /// never touches an existing file it refuses.
    static func prepareFile(at url: URL) throws {
        let manager = FileManager.default
        let directory = url.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: directory.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw StorageFileError(path: directory.path, problem: .folderIsAFile)
        }
        do {
            if !manager.fileExists(atPath: directory.path) {
                try manager.createDirectory(
                    at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
        } catch {
            throw Self.blame(
                directory.path, otherwise: "could not create \(directory.path): \(error.localizedDescription)")
        }
        if manager.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
            guard manager.isReadableFile(atPath: url.path) else {
                throw StorageFileError(path: url.path, problem: .permissionDenied)
            }
            guard manager.isWritableFile(atPath: url.path) else {
                throw StorageFileError(path: url.path, problem: .readOnly)
            }
        } else if !manager.fileExists(atPath: url.path) {
            guard manager.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw Self.blame(directory.path, otherwise: "could not create \(url.path)")
            }
        }
    }

    /// Permission denied when this user may not write into `folder`, else a storage failure saying `otherwise`.
    private static func blame(_ folder: String, otherwise: String) -> any Error {
        var isFolder: ObjCBool = false
        var parent = folder
        while !FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), parent != "/" {
            parent = URL(fileURLWithPath: parent).deletingLastPathComponent().path
        }
        if !FileManager.default.isWritableFile(atPath: parent) || !FileManager.default.isExecutableFile(atPath: parent)
        {
            return StorageFileError(path: parent, problem: .permissionDenied)
        }
        return Persistence.PersistenceError.storage(otherwise)
    }

    /// The number of migrations below; `user_version` holds it once they have run.
    static let schemaVersion = 2

    private static var migrator: DatabaseMigrator {
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
        // Prefix indexes for prefixes of 2 to 7 characters: without one, a prefix query such as `fund*` first
        // merges the postings of every word starting with `fund` (every scheme of the list) before it can
        // return its first match. Over 45,000 schemes this takes `fund* …` from 26 M instructions to 11 M and
        // `liquid* direct* growth*` from 21 M to 9 M, for an index a third larger and slower to write.
        migrator.registerMigration("search-prefixes-v2") { db in
            try db.execute(
                sql: """
                    CREATE VIRTUAL TABLE search_prefixed USING fts5(
                        text, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6 7');
                    INSERT INTO search_prefixed(rowid, text) SELECT rowid, text FROM search;
                    DROP TABLE search;
                    ALTER TABLE search_prefixed RENAME TO search;
                    """)
        }
        return migrator
    }

    static func mapErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw Persistence.PersistenceError.storage(error.message ?? "\(error)")
        }
    }
}

/// Runs each transaction on the calling thread: GRDB's synchronous access enters its serial queue with
/// `DispatchQueue.sync`, which runs the block on the caller when the queue is free. The asynchronous access
/// hopped to GRDB's queue and back, two context switches per transaction, which cost more than a small
/// transaction itself (10,000 trades took 5.4 s that way, 3.4 s this way). Transactions here are short
/// and synchronous by design; the only long wait is the busy timeout while another process writes, and a
/// command has nothing else to do meanwhile.
struct SQLiteStore: KeyValueStore {
    let namespace: String
    let queue: DatabaseQueue
    let now: @Sendable () -> Date
    let reads: SQLiteSharedReads

    /// In a page view (a ``SnapshotScope``), answered without the file when every question was asked before at
    /// the file's state (``SQLiteSharedReads``); else a read transaction.
    func read<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R {
        let (namespace, now, reads) = (namespace, now, reads)
        let scope = SnapshotScope.current
        if let answers = try scope.map(stamped), let value = try answers.answer(namespace: namespace, body) {
            return value
        }
        return try readTransaction { db in
            let transaction = SQLiteTransaction(db: db, namespace: namespace, now: now, readOnly: true)
            if let scope { transaction.answers = try reads.answers(for: scope) ?? reads.stamp(scope, in: db) }
            return try body(transaction)
        }
    }

    /// The answers `scope`'s reads use, the state stamped by the scope's first read: one statement, outside any
    /// transaction, so that a view whose every question was asked before at that state needs no other.
    private func stamped(_ scope: SnapshotScope) throws -> ReadAnswers {
        if let answers = reads.answers(for: scope) { return answers }
        return try SQLiteDatabase.mapErrors { try queue.inDatabase { db in try reads.stamp(scope, in: db) } }
    }

    /// A deferred transaction around `body`. Not `queue.read`: it sets `PRAGMA query_only` before and after each
    /// read, and changing a flag pragma expires every prepared statement, so each cached statement was compiled
    /// again on every read (a quarter of a dashboard view). A read's ``SQLiteTransaction`` refuses writes itself.
    private func readTransaction<R>(_ body: (Database) throws -> R) throws -> R {
        try SQLiteDatabase.mapErrors {
            try queue.inDatabase { db in
                var result: R?
                try db.inTransaction(.deferred) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        }
    }

    func write<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R {
        let namespace = namespace
        let now = now
        let hook = WriteHook.current.flatMap { $0.applies(to: namespace) ? $0 : nil }
        return try reads.writing {
            try SQLiteDatabase.mapErrors {
                try queue.writeWithoutTransaction { db in
                    var result: R?
                    try db.inTransaction(.immediate) {
                        let transaction = SQLiteTransaction(db: db, namespace: namespace, now: now)
                        result = try body(transaction)
                        if let hook, transaction.wrote {
                            try hook.step(SQLiteTransaction(db: db, namespace: hook.namespace, now: now))
                        }
                        return .commit
                    }
                    return result!
                }
            }
        }
    }

    func schemaVersion() async throws -> Int {
        let (namespace, reads) = (namespace, reads)
        let scope = SnapshotScope.current
        if let known = try scope.map(stamped)?.version(namespace) { return known }
        return try readTransaction { db in
            let answers = try scope.map { try reads.answers(for: $0) ?? reads.stamp($0, in: db) }
            let version =
                try Int.fetchOne(
                    db.cachedStatement(sql: "SELECT version FROM namespaces WHERE namespace = ?"),
                    arguments: [namespace])
                ?? 0
            answers?.keep(version: version, for: namespace)
            return version
        }
    }

    func migrate(_ migrations: [Migration]) async throws {
        let namespace = namespace
        let now = now
        try reads.writing {
            try SQLiteDatabase.mapErrors {
                try queue.writeWithoutTransaction { db in
                    try db.inTransaction(.immediate) {
                        let current =
                            try Int.fetchOne(
                                db, sql: "SELECT version FROM namespaces WHERE namespace = ?", arguments: [namespace])
                            ?? 0
                        let transaction = SQLiteTransaction(db: db, namespace: namespace, now: now)
                        let version = try MigrationRunner.run(
                            migrations, from: current, namespace: namespace, in: transaction)
                        if version != current {
                            try db.execute(
                                sql: """
                                    INSERT INTO namespaces(namespace, version) VALUES (?, ?)
                                    ON CONFLICT(namespace) DO UPDATE SET version = excluded.version
                                    """, arguments: [namespace, version])
                        }
                        return .commit
                    }
                }
            }
        }
    }
}
