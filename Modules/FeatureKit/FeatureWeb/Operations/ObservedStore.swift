import Foundation
import Persistence
import Synchronization

/// A store as `folio serve` uses it: each transaction counted in ``ServerMetrics``, its outcome reported to
/// ``StoreHealth``, and, while the health says the store is down, refused at once with the database's last
/// message instead of waiting for a connection that will not come.
public struct ObservedStore: KeyValueStore {
    /// The store underneath.
    public let base: any KeyValueStore
    let health: StoreHealth
    let metrics: ServerMetrics?

    /// Wraps `base`.
    public init(_ base: any KeyValueStore, health: StoreHealth, metrics: ServerMetrics?) {
        self.base = base
        self.health = health
        self.metrics = metrics
    }

    /// The namespace of the store underneath.
    public var namespace: String { base.namespace }

    /// Runs `body` in a read transaction.
    public func read<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R {
        try await observe("read") { try await base.read(body) }
    }

    /// Runs `body` in a write transaction.
    public func write<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R {
        let result = try await observe("write") { try await base.write(body) }
        RequestTrace.current?.committed()
        return result
    }

    /// The store's schema version.
    public func schemaVersion() async throws -> Int {
        try await observe("read") { try await base.schemaVersion() }
    }

    /// Brings the store to the migrations' version.
    public func migrate(_ migrations: [Migration]) async throws {
        try await observe("migrate") { try await base.migrate(migrations) }
    }

    private func observe<R>(_ kind: String, _ body: () async throws -> R) async throws -> R {
        let state = health.current
        if !state.up {
            metrics?.storeTransaction(kind: kind, outcome: "unavailable")
            RequestTrace.current?.sawOutage()
            throw PersistenceError.unavailable(state.reason ?? "the database did not answer")
        }
        do {
            let result = try await body()
            metrics?.storeTransaction(kind: kind, outcome: "ok")
            health.succeeded()
            return result
        } catch let error as PersistenceError {
            if let reason = Self.outage(error) {
                metrics?.storeTransaction(kind: kind, outcome: "unavailable")
                RequestTrace.current?.sawOutage()
                health.failed(reason: reason)
            } else {
                metrics?.storeTransaction(kind: kind, outcome: "error")
            }
            throw error
        } catch {
            metrics?.storeTransaction(kind: kind, outcome: "error")
            throw error
        }
    }

    /// The message of a failure that means the store cannot be reached (not a refusal by conflicts, which is the
    /// store answering).
    static func outage(_ error: PersistenceError) -> String? {
        guard case .unavailable(let reason, let cause) = error, cause != .conflicts else { return nil }
        return reason
    }
}

/// What one request did with the store, for the middleware that answers it: whether a write committed (its
/// answer must then never be an error that invites a retry) and whether the store was found unreachable.
public final class RequestTrace: Sendable {
    private let state = Mutex((committed: false, outage: false))

    /// The trace of the request this task serves, if the operations middleware set one.
    @TaskLocal public static var current: RequestTrace?

    /// Creates an empty trace.
    public init() {}

    /// Whether a write transaction of this request committed.
    public var didCommit: Bool { state.withLock { $0.committed } }
    /// Whether a transaction of this request found the store unreachable.
    public var didSeeOutage: Bool { state.withLock { $0.outage } }

    func committed() { state.withLock { $0.committed = true } }
    func sawOutage() { state.withLock { $0.outage = true } }
}
