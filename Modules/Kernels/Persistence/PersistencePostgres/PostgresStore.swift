import Foundation
import Persistence
import PostgresNIO

/// One namespace of a ``PostgresDatabase``.
struct PostgresStore: KeyValueStore {
    let namespace: String
    let database: PostgresDatabase

    func read<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R {
        try await database.transaction(namespace: namespace, isolation: .snapshot) { try body($0) }
    }

    func write<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R {
        let hook = WriteHook.current.flatMap { $0.applies(to: namespace) ? $0 : nil }
        return try await database.transaction(namespace: namespace, isolation: .serializable, hook: hook) {
            try body($0)
        }
    }

    func schemaVersion() async throws -> Int {
        let tables = database.tables
        return try await database.withConnection(namespace: namespace) { transaction in
            var binds = PostgresBindings()
            binds.append(namespace)
            let rows = try transaction.rows("SELECT version FROM \(tables.namespaces) WHERE namespace = $1", binds)
            return try rows.first.map { try $0.decode(Int.self) } ?? 0
        }
    }

    /// Runs the pending migrations in one serialisable transaction, holding a session advisory lock on the
    /// namespace first: a second process migrating at the same moment waits, then finds the version already
    /// raised and applies nothing. The lock is taken before the transaction begins so that the transaction's
    /// snapshot is taken after the other process committed.
    func migrate(_ migrations: [Migration]) async throws {
        let (namespace, tables) = (namespace, database.tables)
        let lock = PostgresSchema.lockKey(tables: tables, namespace: namespace)
        try await database.transaction(namespace: namespace, isolation: .serializable, lock: lock) { transaction in
            var binds = PostgresBindings()
            binds.append(namespace)
            let rows = try transaction.rows("SELECT version FROM \(tables.namespaces) WHERE namespace = $1", binds)
            let current = try rows.first.map { try $0.decode(Int.self) } ?? 0
            let version = try MigrationRunner.run(migrations, from: current, namespace: namespace, in: transaction)
            if version != current {
                binds.append(version)
                try transaction.execute(
                    """
                    INSERT INTO \(tables.namespaces) (namespace, version) VALUES ($1, $2)
                    ON CONFLICT (namespace) DO UPDATE SET version = excluded.version
                    """, binds)
            }
        }
    }
}
