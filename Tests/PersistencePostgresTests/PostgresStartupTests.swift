import Foundation
import Persistence
import PersistencePostgresTesting
import Testing
import TimingTesting

@testable import PersistencePostgres

/// Issue 25.8: a server still recovering after a restart (SQLSTATE 57P03) is waited for, a bounded time on the
/// injected clock, instead of failing the command at once; one that stays so is given up on with a hint.
@Suite(
    .enabled(if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.skipReason)),
    .timeLimit(.minutes(5)))
struct PostgresStartupTests {
    /// The fresh schema's URL pointed at `server` instead of the real one.
    private static func location(through server: StartingUpServer, url: String) throws -> PostgresLocation {
        var location = try PostgresLocation(parsing: url)
        location.port = server.port
        location.sslMode = .disable
        return location
    }

    private static func upstreamPort() throws -> Int {
        try PostgresLocation(parsing: try #require(PostgresTestDatabase.url)).port
    }

    @Test func aServerStillStartingUpIsWaitedForOnTheClockAndThenUsed() async throws {
        try await PostgresTestDatabase.withSchemaURL { url in
            let server = try StartingUpServer(refusals: 3, upstreamPort: try Self.upstreamPort())
            defer { server.stop() }
            let clock = ManualClock()
            let database = try PostgresDatabase(location: try Self.location(through: server, url: url), clock: clock)
            let store = database.store(namespace: "n")
            let outcome = await Result(catching: {
                try await clock.drive(stepping: .seconds(1)) { try await store.put("k", 1) }
            })
            let stored = try? await store.get(Int.self, "k")?.value
            await database.close()
            #expect(throws: Never.self) { try outcome.get() }
            #expect(clock.totalSleeps == 3, "one pause after each refusal")
            #expect(server.connections >= 4)
            #expect(stored == 1)
        }
    }

    @Test func aServerThatStaysStartingUpIsGivenUpOnWithAHint() async throws {
        try await PostgresTestDatabase.withSchemaURL { url in
            let server = try StartingUpServer(refusals: .max, upstreamPort: try Self.upstreamPort())
            defer { server.stop() }
            let clock = ManualClock()
            let database = try PostgresDatabase(
                location: try Self.location(through: server, url: url), startupPatience: .seconds(2), clock: clock)
            let outcome = await Result(catching: {
                try await clock.drive(stepping: .seconds(1)) { try await database.connect() }
            })
            await database.close()
            guard case .failure(PersistenceError.unavailable(let reason, .unreachable)) = outcome else {
                Issue.record("expected the server to be given up on, got \(outcome)")
                return
            }
            // Pauses of 0.25, 0.5, 1 and 2 s: past the 2 s of patience after the fourth.
            #expect(clock.totalSleeps == 4)
            #expect(server.connections == 5)
            #expect(reason.contains("127.0.0.1:\(server.port) is still starting up"), "\(reason)")
            #expect(reason.contains("run the command again once it accepts connections"), "\(reason)")
        }
    }

    /// The pool keeps a lease waiting while its connections are refused, retrying on its own real clock until
    /// its circuit breaker trips after 60 s; a lease it has not served within the grace (on the injected lease
    /// clock) has the server checked directly, and the check's answer ends the lease.
    @Test func aLeaseThePoolCannotServeIsEndedByTheDirectCheck() async throws {
        try await PostgresTestDatabase.withSchemaURL { url in
            // The check before the first lease reaches the server; every later connection is refused.
            let server = try StartingUpServer(refusals: 0, upstreamPort: try Self.upstreamPort(), relays: 1)
            defer { server.stop() }
            let clock = ManualClock()
            let leaseClock = ManualClock()
            let database = try PostgresDatabase(
                location: try Self.location(through: server, url: url), startupPatience: .seconds(2),
                leaseGrace: .seconds(10), leaseProbe: .seconds(10), leaseClock: leaseClock, clock: clock)
            let connecting = Task {
                await Result(catching: { try await clock.drive(stepping: .seconds(1)) { try await database.connect() } }
                )
            }
            // The lease is waiting for the pool once its deadline is set.
            await leaseClock.waitForSleepers(1)
            let checksBeforeTheDeadline = database.reachability.attempts
            await leaseClock.advance(by: .seconds(10))
            let outcome = await connecting.value
            let checks = database.reachability.attempts
            let givenUp = database.leasesGivenUp
            await database.close()
            guard case .failure(PersistenceError.unavailable(let reason, .unreachable)) = outcome else {
                Issue.record("expected the direct check's answer, got \(outcome)")
                return
            }
            #expect(reason.contains("127.0.0.1:\(server.port) is still starting up"), "\(reason)")
            #expect(givenUp == 1, "the deadline's check ended the lease, not the pool's circuit breaker")
            #expect(checksBeforeTheDeadline == 1, "one check before the first lease")
            // The deadline's check: the first try and one after each of the pauses of 0.25, 0.5, 1 and 2 s.
            #expect(checks == 6)
            #expect(clock.totalSleeps == 4, "the check waits for a starting server on the injected clock")
            #expect(leaseClock.totalSleeps == 1, "one deadline for the one lease")
        }
    }
}
