import Foundation
import Persistence
import PersistencePostgresTesting
import Testing
import TimingTesting

@testable import PersistencePostgres

/// The first transaction of an outage, on a server of the test's own stopped under an open pool: the lease the
/// pool cannot serve is ended by one direct connection after the probe's wait, not after the grace, on a manual
/// lease clock.
@Suite(
    .enabled(if: PrivatePostgresCluster.binaries != nil, Comment(rawValue: PrivatePostgresCluster.skipReason)),
    .timeLimit(.minutes(2)))
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
