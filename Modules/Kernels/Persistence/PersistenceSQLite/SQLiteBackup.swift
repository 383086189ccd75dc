import Foundation
import GRDB
import Persistence

/// Why a file cannot be restored from; the store is never changed when one is found.
public enum BackupFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not a SQLite database, cut short or otherwise damaged (SQLite's own words).
    case damaged(String)
    /// A SQLite database, but not Folio's: its tables are not Folio's.
    case foreign(String)
    /// Folio's, written by a newer version of its tables than this one knows.
    case newer(found: Int, supported: Int)

    /// What is wrong, in a few words.
    public var description: String {
        switch self {
        case .damaged(let detail): "it is damaged or not a SQLite database (\(detail))"
        case .foreign(let detail): "it is not a folio database (\(detail))"
        case .newer(let found, let supported):
            "its tables are at version \(found), newer than this folio knows (\(supported))"
        }
    }
}

/// What a checked backup file holds.
public struct BackupInspection: Sendable, Hashable {
    /// Each namespace that has a schema version or records.
    public var namespaces: [NamespaceSummary]
}

extension SQLiteDatabase {
    /// Writes a consistent copy of the whole database to `destination` through SQLite's online backup API, while
    /// other processes go on writing: it copies the pages of one read snapshot. The copy is made in a temporary
    /// file beside `destination`, made self-contained (no write-ahead log) and only then renamed over it, so a
    /// failure or a crash never leaves a partial file under that name.
    public func backup(to destination: URL) throws {
        let partial = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).partial-\(UUID().uuidString)")
        do {
            guard
                FileManager.default.createFile(
                    atPath: partial.path, contents: nil, attributes: [.posixPermissions: 0o600])
            else { throw PersistenceError.storage("could not create \(partial.path)") }
            let copy = try DatabaseQueue(path: partial.path)
            try queue.backup(to: copy)
            try copy.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
            try copy.close()
            // rename(2) replaces an existing file atomically; Foundation's replaceItemAt wants one to exist.
            guard rename(partial.path, destination.path) == 0 else {
                throw PersistenceError.storage(
                    "could not rename \(partial.path) to \(destination.path): \(String(cString: strerror(errno)))")
            }
        } catch {
            try? FileManager.default.removeItem(at: partial)
            if let error = error as? DatabaseError {
                throw PersistenceError.storage(
                    "could not back up to \(destination.path): \(error.message ?? "\(error)")")
            }
            throw error
        }
    }

    /// Checks a file before it is restored from: SQLite's integrity check, Folio's tables, and their version.
    /// Opening a file in WAL mode may create its `-wal` and `-shm` beside it, so `file` is a private copy of the
    /// user's file (``privateCopy(of:beside:)``), never the file itself.
    /// - Throws: ``BackupFileError`` for a file that must not be restored.
    public static func inspectBackup(at file: URL) throws -> BackupInspection {
        do {
            let candidate = try DatabaseQueue(path: file.path)
            defer { try? candidate.close() }
            return try candidate.read { db in
                let verdict = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                guard verdict == ["ok"] else {
                    throw BackupFileError.damaged(verdict.prefix(3).joined(separator: "; "))
                }
                let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
                let missing = ["records", "namespaces", "search"].filter { !tables.contains($0) }
                guard missing.isEmpty else {
                    throw BackupFileError.foreign("it has no \(missing.joined(separator: ", ")) table")
                }
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                guard version <= schemaVersion else {
                    throw BackupFileError.newer(found: version, supported: schemaVersion)
                }
                let rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT n.namespace, coalesce(v.version, 0), coalesce(c.records, 0)
                        FROM (SELECT namespace FROM records UNION SELECT namespace FROM namespaces) n
                        LEFT JOIN namespaces v ON v.namespace = n.namespace
                        LEFT JOIN (SELECT namespace, count(*) AS records FROM records GROUP BY namespace) c
                            ON c.namespace = n.namespace
                        ORDER BY n.namespace
                        """)
                return BackupInspection(
                    namespaces: rows.map { NamespaceSummary(namespace: $0[0], schemaVersion: $0[1], records: $0[2]) })
            }
        } catch let error as BackupFileError {
            throw error
        } catch let error as DatabaseError {
            throw BackupFileError.damaged(error.message ?? "\(error.resultCode)")
        }
    }

    /// Replaces every page of this database with those of `file` in one transaction, through the backup API:
    /// another process sees the old data or the new, never a mix, and the write-ahead log stays consistent
    /// (renaming a file over one that others have open would not be seen by them, and a leftover log would be
    /// applied to the wrong file). `file` is a private copy, checked with ``inspectBackup(at:)`` first.
    public func restore(from file: URL) throws {
        do {
            let source = try DatabaseQueue(path: file.path)
            defer { try? source.close() }
            try reads.writing { try source.backup(to: queue) }
        } catch let error as DatabaseError {
            throw PersistenceError.storage("could not restore from \(file.path): \(error.message ?? "\(error)")")
        }
    }
}

extension SQLiteDatabase {
    /// A copy of `file` in `folder` (beside the store, so on its file system) that ``inspectBackup(at:)`` and
    /// ``restore(from:)`` may open as they need; remove it with ``removePrivateCopy(_:)``.
    public static func privateCopy(of file: URL, beside folder: URL) throws -> URL {
        let copy = folder.appendingPathComponent(".restore-\(UUID().uuidString).sqlite")
        do {
            try FileManager.default.copyItem(at: file, to: copy)
        } catch {
            throw PersistenceError.storage("could not read \(file.path): \(error.localizedDescription)")
        }
        return copy
    }

    /// Removes a private copy with the log files SQLite may have made beside it.
    public static func removePrivateCopy(_ copy: URL) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: copy.path + suffix)
        }
    }
}
