import Foundation
import Persistence

/// A database that fails the test that touches it: the default store of contexts built for tests, so a test
/// that writes state without saying so fails loudly.
public struct UnimplementedDatabase: KeyValueDatabase {
    /// Creates the database.
    public init() {}

    /// A store whose every operation throws.
    public func store(namespace: String) -> any KeyValueStore { UnimplementedStore(namespace: namespace) }
}

/// A store whose every operation throws ``PersistenceError/storage(_:)`` naming the unconfigured call.
public struct UnimplementedStore: KeyValueStore {
    /// The namespace it was opened for.
    public let namespace: String

    /// Creates the store.
    public init(namespace: String) { self.namespace = namespace }

    /// Runs `body` in a read transaction.
    public func read<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R {
        throw failure("read")
    }

    /// Runs `body` in a write transaction.
    public func write<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R {
        throw failure("write")
    }

    /// The store's schema version.
    public func schemaVersion() async throws -> Int { throw failure("schemaVersion") }

    /// Brings the store to the migrations' version.
    public func migrate(_ migrations: [Migration]) async throws { throw failure("migrate") }

    private func failure(_ call: String) -> PersistenceError {
        .storage(
            "unimplemented: KeyValueStore.\(call) on \"\(namespace)\" was called but the test did not set up a store")
    }
}

/// Wraps a store and fails every write after the first `allowedWrites`, to test that a feature leaves
/// nothing half-written when storage fails part-way.
public struct FlakyStore: KeyValueStore {
    private let base: any KeyValueStore
    private let failAfter: Int
    private let counter = WriteCounter()

    /// Creates a store that lets `allowedWrites` write transactions through, then fails the rest.
    public init(base: any KeyValueStore, allowedWrites: Int) {
        self.base = base
        self.failAfter = allowedWrites
    }

    /// The namespace of the store underneath.
    public var namespace: String { base.namespace }

    /// Runs `body` in a read transaction.
    public func read<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R {
        try await base.read(body)
    }

    /// Runs `body` in a write transaction.
    public func write<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R {
        guard await counter.next() <= failAfter else { throw PersistenceError.storage("injected write failure") }
        return try await base.write(body)
    }

    /// The store's schema version.
    public func schemaVersion() async throws -> Int { try await base.schemaVersion() }

    /// Brings the store to the migrations' version.
    public func migrate(_ migrations: [Migration]) async throws { try await base.migrate(migrations) }
}

private actor WriteCounter {
    private var count = 0
    func next() -> Int {
        count += 1
        return count
    }
}
