import Foundation
import Persistence
import PersistencePostgres
import PersistencePostgresTesting
import Synchronization
import Testing
import TimingTesting

/// Serialisation conflicts: a write transaction that loses to another writer runs again, a bounded number of
/// times, pausing on the injected clock between runs.
@Suite(.enabled(if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.skipReason)))
struct PostgresRetryTests {
    /// A transaction that reads `k`, lets a rival commit a change to `k` while `interfere` says so, then writes
    /// `k`: each interfered run conflicts. Returns how many times the body ran, and the outcome.
    static func contend(
        url: String, maxAttempts: Int, clock: ManualClock, interfere: @escaping @Sendable (Int) -> Bool
    ) async throws -> (runs: Int, result: Result<Int, any Error>, stored: Int?) {
        let database = try PostgresDatabase(
            location: try PostgresLocation(parsing: url), maxAttempts: maxAttempts, clock: clock)
        let rival = try PostgresDatabase(url: url)
        let store = database.store(namespace: "n")
        let rivalStore = rival.store(namespace: "n")
        try await rivalStore.put("k", 0)
        let runs = Mutex(0)
        let outcome = await Result(catching: {
            try await clock.drive(stepping: .milliseconds(100)) {
                try await store.write { transaction -> Int in
                    let run = runs.withLock { count in
                        count += 1
                        return count
                    }
                    let value = try transaction.value(Int.self, "k") ?? 0
                    if interfere(run) {
                        // Blocks this transaction's thread (one of the database's own) until the rival commits.
                        let done = DispatchSemaphore(value: 0)
                        Task {
                            try? await rivalStore.write { try $0.put("k", (try $0.value(Int.self, "k") ?? 0) + 100) }
                            done.signal()
                        }
                        done.wait()
                    }
                    try transaction.put("k", value + 1)
                    return run
                }
            }
        })
        let stored = try await rivalStore.get(Int.self, "k")?.value
        await database.close()
        await rival.close()
        return (runs.withLock { $0 }, outcome, stored)
    }

    @Test func aConflictedTransactionRunsAgainAfterAPauseOnTheClockAndCommits() async throws {
        try await PostgresTestDatabase.withSchemaURL { url in
            let clock = ManualClock()
            let (runs, result, stored) = try await Self.contend(url: url, maxAttempts: 5, clock: clock) { $0 <= 2 }
            #expect(try result.get() == 3)
            #expect(runs == 3)
            #expect(clock.totalSleeps == 2, "one pause before each run again")
            #expect(stored == 201, "both rival writes and then this one, nothing lost")
        }
    }

    @Test func conflictsAreRetriedABoundedNumberOfTimes() async throws {
        try await PostgresTestDatabase.withSchemaURL { url in
            let clock = ManualClock()
            let (runs, result, stored) = try await Self.contend(url: url, maxAttempts: 3, clock: clock) { _ in true }
            #expect(runs == 3)
            #expect(clock.totalSleeps == 2)
            #expect(stored == 300, "none of this transaction's runs left a trace")
            guard case .failure(let error) = result else {
                Issue.record("expected the transaction to give up")
                return
            }
            guard case .unavailable(let reason, .conflicts)? = error as? PersistenceError else {
                Issue.record("expected the conflicts to be reported as such, got \(error)")
                return
            }
            #expect(reason.contains("gave up after 3 serialisation conflicts"), "\(reason)")
            #expect(reason.contains("nothing was stored"), "\(reason)")
            // The database is named, its password masked.
            #expect(reason.hasPrefix("postgres://"), "\(reason)")
        }
    }
}

extension Result where Failure == any Error {
    /// The outcome of an async throwing body.
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
