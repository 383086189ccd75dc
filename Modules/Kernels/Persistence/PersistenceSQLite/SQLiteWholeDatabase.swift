import Foundation
import GRDB
import Persistence

extension SQLiteDatabase: WholeDatabase {
    /// Every namespace read in one deferred transaction: other processes go on writing to the log meanwhile,
    /// and none of their commits is seen half.
    public func snapshot(_ namespaces: [String], excluding: [String: Set<String>]) async throws -> [NamespaceContents] {
        let now = now
        return try Self.mapErrors {
            try queue.inDatabase { db in
                var contents: [NamespaceContents] = []
                try db.inTransaction(.deferred) {
                    for namespace in namespaces {
                        let excluded = excluding[namespace] ?? []
                        let records = try SQLiteTransaction(db: db, namespace: namespace, now: now, readOnly: true)
                            .export(.all).filter { !excluded.contains($0.record.key) }
                        contents.append(
                            NamespaceContents(
                                namespace: namespace, schemaVersion: try Self.version(of: namespace, in: db),
                                records: records))
                    }
                    return .commit
                }
                return contents
            }
        }
    }

    /// Every namespace written in one immediate transaction.
    public func load(_ contents: [NamespaceContents], replacing: Bool, keeping: [String: Set<String>]) async throws {
        let now = now
        try reads.writing {
            try Self.mapErrors {
                try queue.writeWithoutTransaction { db in
                    try db.inTransaction(.immediate) {
                        for namespace in contents {
                            try NamespaceLoad.fill(
                                SQLiteTransaction(db: db, namespace: namespace.namespace, now: now), with: namespace,
                                replacing: replacing, keeping: keeping[namespace.namespace] ?? [])
                            try Self.setVersion(namespace.schemaVersion, of: namespace.namespace, in: db)
                        }
                        return .commit
                    }
                }
            }
        }
    }

    static func version(of namespace: String, in db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT version FROM namespaces WHERE namespace = ?", arguments: [namespace]) ?? 0
    }

    /// Version 0 is no row at all, as in a namespace no migration has touched.
    private static func setVersion(_ version: Int, of namespace: String, in db: Database) throws {
        guard version > 0 else {
            return try db.execute(sql: "DELETE FROM namespaces WHERE namespace = ?", arguments: [namespace])
        }
        try db.execute(
            sql: """
                INSERT INTO namespaces(namespace, version) VALUES (?, ?)
                ON CONFLICT(namespace) DO UPDATE SET version = excluded.version
                """, arguments: [namespace, version])
    }
}
