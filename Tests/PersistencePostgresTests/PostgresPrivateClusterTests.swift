import Dispatch
import Foundation
import Persistence
import PersistencePostgres
import PersistencePostgresTesting
import Testing

/// What needs a server of the test's own: one that checks passwords, and one that restarts under a transaction.
/// The time limit turns a transaction that waits forever for a lost connection into a failure.
@Suite(
    .enabled(if: PrivatePostgresCluster.binaries != nil, Comment(rawValue: PrivatePostgresCluster.skipReason)),
    .timeLimit(.minutes(2)))
struct PostgresPrivateClusterTests {
    @Test func aWrongPasswordIsALoginFailureThatNeverShowsEitherPassword() async throws {
        try await withCluster(password: "correct-horse") { cluster in
            var location = try PostgresLocation(parsing: cluster.url)
            location.password = "hunter2"
            let wrong = try PostgresDatabase(location: location)
            let error = await #expect(throws: PersistenceError.self) { try await wrong.store(namespace: "n").put("k", 1) }
            await wrong.close()
            guard case .unavailable(let reason, .login)? = error else {
                Issue.record("expected a login failure, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("\"folio\""), "\(reason)")
            #expect(!reason.contains("hunter2") && !reason.contains("correct-horse"), "\(reason)")
            // The same server takes the right password: the failure was the password's, not the server's.
            let right = try PostgresDatabase(url: cluster.url)
            try await right.store(namespace: "n").put("k", 1)
            #expect(try await right.store(namespace: "n").get(Int.self, "k")?.value == 1)
            await right.close()
        }
    }

    @Test func aTransactionCutByAServerRestartIsAbsentAndTheNextOneWorks() async throws {
        try await withCluster { cluster in
            let database = try PostgresDatabase(url: cluster.url)
            let store = database.store(namespace: "restart")
            try await store.put("before", "committed earlier")

            // The transaction has sent its first put to the server when it stops; it sends the second after the
            // server is back, on the connection the restart cut.
            let (inside, signalInside) = AsyncStream<Void>.makeStream()
            let release = DispatchSemaphore(value: 0)
            let cut = Task {
                try await store.write { transaction in
                    try transaction.put("cut/a", 1)
                    _ = try transaction.count(.all)
                    signalInside.yield()
                    release.wait()
                    try transaction.put("cut/b", 2)
                }
            }
            var iterator = inside.makeAsyncIterator()
            await iterator.next()
            try await cluster.stopServer()
            try await cluster.startServer()
            release.signal()

            let error = await #expect(throws: PersistenceError.self) { try await cut.value }
            guard case .unavailable(let reason, _)? = error else {
                Issue.record("expected the database to be unavailable, got \(String(describing: error))")
                await database.close()
                return
            }
            #expect(reason.contains("127.0.0.1"), "\(reason)")
            #expect(try await store.get(Int.self, "cut/a") == nil)
            #expect(try await store.get(Int.self, "cut/b") == nil)
            #expect(try await store.get(String.self, "before")?.value == "committed earlier")
            try await store.put("after", "the restarted server takes writes")
            #expect(try await store.get(String.self, "after") != nil)
            await database.close()
        }
    }

    /// Runs `body` with a fresh cluster, removed afterwards whether or not the body threw.
    private func withCluster(
        password: String? = nil, _ body: (PrivatePostgresCluster) async throws -> Void
    ) async throws {
        let cluster = try await PrivatePostgresCluster.start(password: password)
        do {
            try await body(cluster)
        } catch {
            await cluster.destroy()
            throw error
        }
        await cluster.destroy()
    }
}
