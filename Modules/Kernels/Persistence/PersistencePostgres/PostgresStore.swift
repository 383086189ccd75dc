import Foundation
import Persistence
import PostgresNIO

/// One namespace of a ``PostgresDatabase``.
struct PostgresStore: KeyValueStore {
    let namespace: String
    let database: PostgresDatabase

    func read<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R {
        let namespace = namespace
        let answered: (ReadAnswers) throws -> R? = { answers in try answers.answer(namespace: namespace, body) }
        if let shared = try await sharedRead(answered: answered, { try body($0) }) { return shared }
        return try await database.transaction(namespace: namespace, isolation: .snapshot) { try body($0) }
    }

    /// The read run on the snapshot of the task's ``SnapshotScope``, nil when there is none to share.
    private func sharedRead<R: Sendable>(
        answered: ((ReadAnswers) throws -> R?)? = nil, _ body: @escaping @Sendable (PostgresTransaction) throws -> R
    ) async throws -> R? {
        guard let scope = SnapshotScope.current, let snapshot = database.sharedSnapshot(for: scope) else {
            return nil
        }
        do {
            return try await snapshot.read(namespace: namespace, database: database, answered: answered, body)
        } catch is PostgresSnapshot.Gone {
            return nil
        }
    }

    /// A write first retires the snapshot its task's reads shared: later reads must see what it wrote, and the
    /// snapshot's connection goes back to the pool rather than wait beside the write's.
    private func retireSharedSnapshot() {
        if let scope = SnapshotScope.current {
            database.retireSnapshot(for: scope)
            scope.forgetShared()
        }
    }

    func write<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R {
        retireSharedSnapshot()
        let hook = WriteHook.current.flatMap { $0.applies(to: namespace) ? $0 : nil }
        return try await database.transaction(namespace: namespace, isolation: .serializable, hook: hook) {
            try body($0)
        }
    }

    func schemaVersion() async throws -> Int {
        let (tables, namespace) = (database.tables, namespace)
        let version: @Sendable (PostgresTransaction) throws -> Int = { transaction in
            var binds = PostgresBindings()
            binds.append(namespace)
            let rows = try transaction.rows("SELECT version FROM \(tables.namespaces) WHERE namespace = $1", binds)
            let version = try rows.first.map { try $0.decode(Int.self) } ?? 0
            transaction.answers?.keep(version: version, for: namespace)
            return version
        }
        if let shared = try await sharedRead(answered: { $0.version(namespace) }, version) { return shared }
        return try await database.withConnection(namespace: namespace, version)
    }

    /// Runs the pending migrations in one serialisable transaction, holding a session advisory lock on the
    /// namespace first: a second process migrating at the same moment waits, then finds the version already
    /// raised and applies nothing. The lock is taken before the transaction begins so that the transaction's
    /// snapshot is taken after the other process committed.
    func migrate(_ migrations: [Migration]) async throws {
        retireSharedSnapshot()
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
