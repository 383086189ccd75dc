import Dispatch
import Foundation
import Persistence
import PersistencePostgres
import PersistencePostgresTesting
import Synchronization
import Testing

/// What needs a server of the test's own: one that checks passwords, and one that restarts under a transaction.
/// The time limit turns a transaction that waits forever for a lost connection into a failure.
@Suite(
    .enabled(if: PrivatePostgresCluster.binaries != nil, Comment(rawValue: PrivatePostgresCluster.skipReason)),
    .timeLimit(.minutes(10)))
struct PostgresPrivateClusterTests {
    @Test func aWrongPasswordIsALoginFailureThatNeverShowsEitherPassword() async throws {
        try await withCluster(password: "correct-horse") { cluster in
            var location = try PostgresLocation(parsing: cluster.url)
            location.password = "hunter2"
            let wrong = try PostgresDatabase(location: location)
            let error = await #expect(throws: PersistenceError.self) {
                try await wrong.store(namespace: "n").put("k", 1)
            }
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
            #expect(!reason.contains("errno") && !reason.contains("descriptor"), "\(reason)")
            #expect(try await store.get(Int.self, "cut/a") == nil)
            #expect(try await store.get(Int.self, "cut/b") == nil)
            #expect(try await store.get(String.self, "before")?.value == "committed earlier")
            try await store.put("after", "the restarted server takes writes")
            #expect(try await store.get(String.self, "after") != nil)
            await database.close()
        }
    }

    /// Issue 25.8: a restart in the middle of a burst of writers fails the cut transactions with the words of
    /// every lost connection, never a socket call's name and errno; nothing they wrote is stored, and the writers
    /// after it commit.
    ///
    /// Which of the racing writers is inside a transaction when the server stops depends on the machine's load
    /// (on a busy one, all of them may be between two, waiting for a connection the pool makes once the server
    /// is back, and see no failure at all). So three writers hold a transaction open across the restart, each
    /// having written to the server: those are in flight whatever the load, and each must report the lost
    /// connection. Three more write as fast as they can through the stop and the start.
    @Test func aRestartMidBurstReportsALostConnectionInPlainWords() async throws {
        try await withCluster { cluster in
            let database = try PostgresDatabase(url: cluster.url)
            let store = database.store(namespace: "burst")
            try await store.put("warm", 0)
            let restarted = Flag()
            let holders = 0..<3
            let (inside, signalInside) = AsyncStream<Void>.makeStream()
            let release = DispatchSemaphore(value: 0)
            let held = holders.map { holder in
                Task { () -> Result<Void, any Error> in
                    await Result(catching: {
                        try await store.write { transaction in
                            try transaction.put("held/\(holder)/a", holder)
                            _ = try transaction.count(.all)
                            signalInside.yield()
                            release.wait()
                            try transaction.put("held/\(holder)/b", holder)
                        }
                    })
                }
            }
            // Each racing writer keeps writing until the server is back and it has committed after that; the
            // round limit bounds a writer that never succeeds.
            let writers = (0..<3).map { writer in
                Task { () -> (reasons: [String], committed: [String]) in
                    var reasons: [String] = []
                    var committed: [String] = []
                    for round in 0..<20_000 {
                        let key = "w\(writer)/\(round)"
                        do {
                            try await store.write { try $0.put(key, round) }
                            committed.append(key)
                            if restarted.isSet { break }
                        } catch PersistenceError.unavailable(let reason, _) {
                            reasons.append(reason)
                        } catch {
                            reasons.append("not unavailable: \(error)")
                        }
                    }
                    return (reasons, committed)
                }
            }
            var iterator = inside.makeAsyncIterator()
            for _ in holders { await iterator.next() }
            try await cluster.stopServer()
            try await cluster.startServer()
            restarted.set()
            for _ in holders { release.signal() }

            var reasons: [String] = []
            for outcome in held {
                guard case .failure(PersistenceError.unavailable(let reason, _)) = await outcome.value else {
                    Issue.record("a transaction held across the restart: \(await outcome.value)")
                    continue
                }
                #expect(reason.contains("the server closed the connection (it stopped or restarted)"), "\(reason)")
                reasons.append(reason)
            }
            var committed: [String] = []
            for writer in writers {
                let outcome = await writer.value
                reasons += outcome.reasons
                committed += outcome.committed
            }
            for reason in Set(reasons) {
                #expect(reason.hasPrefix("127.0.0.1:"), "\(reason)")
                #expect(
                    !reason.contains("errno") && !reason.contains("descriptor") && !reason.contains("not unavailable"),
                    "\(reason)")
                // While it stops: the connection is lost; while it is down: refused; while it starts: waited for.
                #expect(
                    reason.contains("the server closed the connection (it stopped or restarted)")
                        || reason.hasSuffix("connection refused (is the server running?)"), "\(reason)")
            }
            for holder in holders {
                #expect(try await store.get(Int.self, "held/\(holder)/a") == nil, "nothing half-written")
                #expect(try await store.get(Int.self, "held/\(holder)/b") == nil, "nothing half-written")
            }
            let stored = Set(try await store.scan(Int.self, .prefix("w")).map(\.key))
            #expect(Set(committed).subtracting(stored).isEmpty, "every committed write survives the restart")
            try await store.put("after", 1)
            #expect(try await store.get(Int.self, "after")?.value == 1)
            await database.close()
        }
    }

    /// Issue 25.7: `postgres://…@[::1]:port/…` connects to a server listening on the IPv6 loopback.
    @Test(.enabled(if: Self.loopbackIPv6, "no ::1 on this machine: the IPv6 connection is not tried"))
    func anIPv6LiteralConnects() async throws {
        let cluster = try await PrivatePostgresCluster.start(ipv6: true)
        do {
            let database = try PostgresDatabase(url: "postgres://folio@[::1]:\(cluster.port)/postgres?sslmode=disable")
            let store = database.store(namespace: "v6")
            try await store.put("k", "over IPv6")
            #expect(try await store.get(String.self, "k")?.value == "over IPv6")
            #expect(database.location.masked == "postgres://folio@[::1]:\(cluster.port)/postgres?sslmode=disable")
            await database.close()
        } catch {
            await cluster.destroy()
            throw error
        }
        await cluster.destroy()
    }

    /// Whether a socket can be bound to ::1.
    static var loopbackIPv6: Bool {
        let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
            }
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

/// A flag the test raises once and its writer tasks read.
private final class Flag: Sendable {
    private let state = Mutex(false)

    var isSet: Bool { state.withLock { $0 } }

    func set() { state.withLock { $0 = true } }
}
