import Persistence
import Synchronization

/// Opens the store on its first use: a command that never touches it (`etf analyze FILE`, `races next`)
/// does not pay for opening the SQLite file and checking its schema, about 5 ms per process.
/// A failure to open is thrown from that first use, and again from every later one.
final class LazyKeyValueStore: KeyValueStore {
    let namespace: String
    private let open: @Sendable () throws -> any KeyValueStore
    private let opened = Mutex<Result<any KeyValueStore, any Error>?>(nil)

    init(namespace: String, open: @escaping @Sendable () throws -> any KeyValueStore) {
        self.namespace = namespace
        self.open = open
    }

    private func store() throws -> any KeyValueStore {
        try opened.withLock { opened in
            if let opened { return try opened.get() }
            let result = Result { try open() }
            opened = result
            return try result.get()
        }
    }

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
