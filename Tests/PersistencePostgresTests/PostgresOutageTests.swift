import Dispatch
import Foundation
import Persistence
import PersistencePostgresTesting
import Synchronization
import Testing
import TimingTesting

@testable import PersistencePostgres

/// The first transaction of an outage, on a server of the test's own stopped under an open pool: the lease the
/// pool cannot serve is ended by one direct connection after the probe's wait, not after the grace, on a manual
/// lease clock.
@Suite(
    .enabled(if: PrivatePostgresCluster.binaries != nil, Comment(rawValue: PrivatePostgresCluster.skipReason)),
    .timeLimit(.minutes(10)))
struct PostgresOutageTests {
    @Test func theFirstTransactionOfAnOutageFailsAtTheProbeNotAfterTheGrace() async throws {
        let cluster = try await PrivatePostgresCluster.start()
        do {
            let leaseClock = ManualClock()
            let database = try PostgresDatabase(
                location: try PostgresLocation(parsing: cluster.url), leaseGrace: .seconds(10),
                leaseProbe: .milliseconds(200), leaseClock: leaseClock)
            let store = database.store(namespace: "outage")
            try await store.put("k", 1)
            try await cluster.stopServer()
            let start = leaseClock.now
            let outcome = await Result {
                try await leaseClock.drive(stepping: .milliseconds(100)) { try await store.get(Int.self, "k") }
            }
            let waited = start.duration(to: leaseClock.now)
            let givenUp = database.leasesGivenUp
            await database.close()
            guard case .failure(PersistenceError.unavailable(_, .unreachable)) = outcome else {
                Issue.record("expected the server to be found unreachable, got \(outcome)")
                await cluster.destroy()
                return
            }
            #expect(waited < .seconds(10), "the lease was ended before its grace (\(waited) on the lease clock)")
            #expect(givenUp == 1, "the probe ended the lease the pool could not serve")
        } catch {
            await cluster.destroy()
            throw error
        }
        await cluster.destroy()
    }
}

extension PostgresOutageTests {
    /// Two writers of one record: the one that read it before the other committed is rolled back on the
    /// serialisation conflict and runs again; the observer hears of the conflict, with the namespace.
    @Test func aSerialisationConflictIsReportedToTheObserver() async throws {
        let cluster = try await PrivatePostgresCluster.start()
        do {
            let database = try PostgresDatabase(location: try PostgresLocation(parsing: cluster.url))
            let heard = Mutex<[String]>([])
            database.observeConflicts { namespace in heard.withLock { $0.append(namespace) } }
            let store = database.store(namespace: "conflicts")
            try await store.put("k", 0)
            let (inside, signalInside) = AsyncStream<Void>.makeStream()
            let release = DispatchSemaphore(value: 0)
            let runs = Mutex(0)
            let slow = Task {
                try await store.write { transaction in
                    let first = runs.withLock { count in
                        count += 1
                        return count == 1
                    }
                    let value = try transaction.value(Int.self, "k") ?? 0
                    if first {
                        signalInside.yield()
                        release.wait()
                    }
                    try transaction.put("k", value + 1)
                }
            }
            var iterator = inside.makeAsyncIterator()
            await iterator.next()
            try await store.write { transaction in
                try transaction.put("k", (try transaction.value(Int.self, "k") ?? 0) + 10)
            }
            release.signal()
            try await slow.value
            let stored = try await store.get(Int.self, "k")?.value
            await database.close()
            #expect(stored == 11, "both writes applied, the conflicting one after running again")
            #expect(heard.withLock { $0 } == ["conflicts"])
        } catch {
            await cluster.destroy()
            throw error
        }
        await cluster.destroy()
    }
}
