import Persistence

/// Opens the store on its first use: a command that never touches it (`etf analyze FILE`, `races next`)
/// does not pay for opening the SQLite file and checking its schema.
/// A failure to open is thrown from that first use, and again from every later one.
final class LazyKeyValueStore: KeyValueStore {
    let namespace: String
    private let opened: BuiltOnFirstUse<any KeyValueStore>

    init(namespace: String, open: @escaping @Sendable () throws -> any KeyValueStore) {
        self.namespace = namespace
        opened = BuiltOnFirstUse(open)
    }

    private func store() throws -> any KeyValueStore { try opened.value() }

    func read<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R {
        try await store().read(body)
    }

    func write<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R {
        try await store().write(body)
    }

    func schemaVersion() async throws -> Int {
        try await store().schemaVersion()
    }

    func migrate(_ migrations: [Migration]) async throws {
        try await store().migrate(migrations)
    }
}
