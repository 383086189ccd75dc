import Synchronization

/// Lets the read transactions of one task — a page view, which reads from several features — share one snapshot
/// where a backend gains from it: PostgreSQL then leases one connection and begins one transaction for the
/// whole view instead of one per read (each costs a lease, a `BEGIN` and a `COMMIT`). The reads still see one
/// consistent state each, now the same one; a write of the task ends the shared snapshot first, so a later read
/// sees what the task wrote. PostgreSQL and SQLite also stamp the state the view reads (``StateMemory``) and answer
/// its reads from what earlier views at the same state were told; the in-memory backend ignores the scope.
/// Figures several parts of the view need are worked out once in it (``shared(_:_:)``).
///
/// Set it with ``run(_:)`` around work that only reads (`folio serve` does, around each GET), never around
/// something that waits for long: the shared transaction holds its connection until the scope ends.
public final class SnapshotScope: Sendable {
    /// The scope of the running task, if any.
    @TaskLocal public static var current: SnapshotScope?

    private let enders = Mutex<(ended: Bool, list: [@Sendable () -> Void])>((false, []))
    /// What ``shared(_:_:)`` worked out, by key.
    private let worked = Mutex<[String: any Sendable]>([:])

    /// Creates a scope; ``run(_:)`` makes and ends one.
    public init() {}

    /// Runs `body` with a scope of its own, ended when `body` returns or throws.
    public static func run<R>(_ body: () async throws -> R) async rethrows -> R {
        let scope = SnapshotScope()
        defer { scope.end() }
        return try await $current.withValue(scope, operation: body)
    }

    /// `work`'s value, worked out once in the scope under `key`: parts of one page view that need the same figure
    /// share one working-out (a second asker waits for the first's). Forgotten when the scope's task writes
    /// (``forgetShared()``), so a figure from before a write is never given after it.
    public func shared<T: Sendable>(_ key: String, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let task = worked.withLock { worked -> Task<T, any Error> in
            if let running = worked[key] as? Task<T, any Error> { return running }
            let fresh = Task { try await work() }
            worked[key] = fresh
            return fresh
        }
        return try await task.value
    }

    /// Forgets what ``shared(_:_:)`` worked out: the scope's task is writing.
    public func forgetShared() {
        worked.withLock { $0 = [:] }
    }

    /// Has `ender` called when the scope ends; false (and not called) when the scope has ended already, in which
    /// case the backend reads without sharing.
    public func onEnd(_ ender: @escaping @Sendable () -> Void) -> Bool {
        enders.withLock { state in
            guard !state.ended else { return false }
            state.list.append(ender)
            return true
        }
    }

    /// Ends the scope: every backend releases what it shared. Later reads of a task still holding the scope
    /// (a task it spawned) run alone.
    public func end() {
        let list = enders.withLock { state -> [@Sendable () -> Void] in
            state.ended = true
            defer { state.list = [] }
            return state.list
        }
        for ender in list { ender() }
    }
}
