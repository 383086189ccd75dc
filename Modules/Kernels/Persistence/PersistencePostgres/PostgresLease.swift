import Persistence
import PostgresNIO
import Synchronization

extension PostgresDatabase {
    /// Runs `body` with a connection leased from the pool, guarded by ``PostgresReachability``.
    ///
    /// The pool keeps a lease waiting while it fails to connect (see ``PostgresReachability``), which the check
    /// before a lease does not cover when the server goes away after it: an idle process whose server stopped.
    /// So a lease not served within ``leaseGrace`` has the server checked directly, and is given up with that
    /// check's error when the server does not answer. A body that has started is never given up.
    func leasing<R: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> R
    ) async throws -> R {
        let lease = Lease()
        let client = client
        do {
            return try await withThrowingTaskGroup(of: R?.self) { group in
                group.addTask {
                    try await client.withConnection { connection -> R? in
                        guard lease.settle(.leased) else { throw CancellationError() }
                        return try await body(connection)
                    }
                }
                group.addTask {
                    // A lease the pool has not served at once may be waiting on connections to a server that has
                    // gone: one direct connection says so in milliseconds, so the first request of an outage fails
                    // fast instead of waiting out the grace. A server that answers leaves the lease to the grace.
                    if self.leaseProbe < self.leaseGrace {
                        try await self.leaseSleep(self.leaseProbe)
                        guard lease.state == .waiting else { return nil }
                        if let down = await self.probeDown(), lease.settle(.abandoned) {
                            self.givenUpLeases.withLock { $0 += 1 }
                            throw down
                        }
                        try await self.leaseSleep(self.leaseGrace - self.leaseProbe)
                    } else {
                        try await self.leaseSleep(self.leaseGrace)
                    }
                    guard lease.state == .waiting else { return nil }
                    self.reachability.forget()
                    do {
                        try await self.checkWaitingForStartup()
                        // The check found the server back and replaced the pool this lease waits on: give it up
                        // and lease again from the new one.
                        if client !== self.client, lease.settle(.abandoned) { throw PoolReplaced() }
                    } catch is PoolReplaced {
                        throw PoolReplaced()
                    } catch {
                        if lease.settle(.abandoned) {
                            self.givenUpLeases.withLock { $0 += 1 }
                            throw error
                        }
                    }
                    return nil
                }
                while let next = try await group.next() {
                    if let value = next {
                        group.cancelAll()
                        return value
                    }
                }
                throw CancellationError()
            }
        } catch is PoolReplaced {
            return try await leasing(body)
        } catch {
            switch lease.state {
            case .waiting where client !== self.client && !Task.isCancelled:
                // The pool was replaced after an outage while this lease waited on the old one.
                return try await leasing(body)
            case .abandoned:
                // The direct check's own error, already in Folio's words.
                throw error
            case .waiting where Task.isCancelled:
                throw CancellationError()
            case .waiting:
                // The pool gave up connecting (its circuit breaker) or was closed: the direct check says why.
                reachability.forget()
                try await checkWaitingForStartup()
                throw PersistenceError.unavailable(
                    "\(location.endpoint): no connection could be made for a while (\(error)); the server answers "
                        + "again now, so running the command again should work")
            case .leased:
                let mapped = PostgresFailure.map(error, location: location)
                if case PersistenceError.unavailable? = mapped as? PersistenceError { reachability.forget() }
                throw mapped
            }
        }
    }
}

extension PostgresDatabase {
    /// The error of one direct connection when it finds the server unreachable, nil when it answers, is starting
    /// up or does not answer in time (which the grace's check waits for). Concurrent leases share one probe.
    func probeDown() async -> (any Error)? {
        do {
            try await reachability.probe()
            return nil
        } catch  where PostgresFailure.isStartingUp(error) {
            return nil
        } catch  where PostgresFailure.ranOutOfTime(error) {
            // A busy machine can take seconds to start a backend; taking that for an outage would fail a
            // transaction the pool was about to serve and replace a pool whose connections are alive. The grace's
            // check, with the full connect timeout, decides.
            return nil
        } catch {
            let mapped = PostgresFailure.map(error, location: location)
            guard case PersistenceError.unavailable(_, .unreachable)? = mapped as? PersistenceError else { return nil }
            reachability.forget()
            markServerDown()
            return mapped
        }
    }
}

/// A lease given up because the pool it waited on was replaced by a fresh one.
private struct PoolReplaced: Error {}

/// Where a lease stands: waiting for the pool, served to the body, or given up by the guard; it leaves
/// `waiting` once, so a body never starts on a lease the guard has given up.
private final class Lease: Sendable {
    enum State { case waiting, leased, abandoned }

    private let current = Mutex(State.waiting)

    var state: State { current.withLock { $0 } }

    /// Moves from `waiting` to `outcome`; false when the lease had already left `waiting`.
    func settle(_ outcome: State) -> Bool {
        current.withLock { state in
            guard state == .waiting else { return false }
            state = outcome
            return true
        }
    }
}
