import Foundation
import Persistence
import PersistencePostgresTesting
import Testing

@testable import PersistencePostgres

/// The reads of a ``SnapshotScope`` (a page view of `folio serve`) share one snapshot on PostgreSQL: one lease and
/// one transaction for all of them, the same state for each, and a write of the scope's own ends it first.
@Suite(.enabled(if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.skipReason)))
struct PostgresSnapshotScopeTests {
    @Test("the reads of a scope share one snapshot: another writer's commit is seen only after the scope")
    func readsShareOneSnapshot() async throws {
        try await PostgresTestDatabase.withDatabase { database in
            let store = database.store(namespace: "n")
            try await store.put("a", 1)
            try await SnapshotScope.run {
                #expect(try await store.get(Int.self, "a")?.value == 1)
                // Another task, outside the scope, commits a change.
                try await Task.detached { try await store.put("a", 2) }.value
                #expect(try await store.get(Int.self, "a")?.value == 1, "the snapshot of the first read")
                #expect(try await store.schemaVersion() == 0)
                #expect(try await database.store(namespace: "m").read { try $0.count(.all) } == 0)
            }
            #expect(try await store.get(Int.self, "a")?.value == 2)
        }
    }

    @Test("a write of the scope ends the shared snapshot: the next read sees it")
    func aWriteEndsTheSnapshot() async throws {
        try await PostgresTestDatabase.withDatabase { database in
            let store = database.store(namespace: "n")
            try await store.put("a", 1)
            try await SnapshotScope.run {
                #expect(try await store.get(Int.self, "a")?.value == 1)
                try await store.put("a", 3)
                #expect(try await store.get(Int.self, "a")?.value == 3, "its own write")
                try await Task.detached { try await store.put("a", 4) }.value
                #expect(try await store.get(Int.self, "a")?.value == 3, "a snapshot again, taken after the write")
            }
        }
    }

    @Test("reads at once in one scope each get their own answers from the one transaction")
    func concurrentReads() async throws {
        try await PostgresTestDatabase.withDatabase { database in
            let stores = (0..<4).map { database.store(namespace: "n\($0)") }
            for (index, store) in stores.enumerated() {
                try await store.write { transaction in
                    for key in 0..<50 { try transaction.put("k\(key)", index * 1000 + key) }
                }
            }
            try await SnapshotScope.run {
                let sums = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
                    for _ in 0..<3 {
                        for (index, store) in stores.enumerated() {
                            group.addTask {
                                (index, try await store.scan(Int.self, .prefix("k")).map(\.value).reduce(0, +))
                            }
                        }
                    }
                    return try await group.reduce(into: [(Int, Int)]()) { $0.append($1) }
                }
                #expect(sums.count == 12)
                #expect(sums.allSatisfy { $0.1 == $0.0 * 50_000 + 1225 }, "\(sums)")
            }
        }
    }

    @Test("the same question asked twice in a scope is answered once by the server, the same both times")
    func sameQuestionAnsweredOnce() async throws {
        try await PostgresTestDatabase.withDatabase { database in
            let store = database.store(namespace: "n")
            try await store.write { transaction in
                for key in 0..<5 { try transaction.put("k\(key)", key) }
            }
            try await SnapshotScope.run {
                let scope = try #require(SnapshotScope.current)
                let first = try await store.scan(Int.self, .prefix("k")).map(\.value)
                let again = try await store.scan(Int.self, .prefix("k")).map(\.value)
                let one = try await store.get(Int.self, "k1")?.value
                let oneAgain = try await store.get(Int.self, "k1")?.value
                let missing = try await store.read { try $0.get("nope") }
                let missingAgain = try await store.read { try $0.get("nope") }
                #expect(first == [0, 1, 2, 3, 4] && again == first && one == 1 && oneAgain == 1)
                #expect(missing == nil && missingAgain == nil)
                // Other questions are asked: another limit, another namespace.
                #expect(try await store.scan(Int.self, .prefix("k"), limit: 2).count == 2)
                #expect(try await database.store(namespace: "m").get(Int.self, "k1") == nil)
                #expect(database.sharedSnapshot(for: scope)?.answers?.reused == 3)
            }
        }
    }

    @Test("a read that fails in the shared transaction leaves the scope's later reads working")
    func aFailedReadBreaksOnlyTheSnapshot() async throws {
        try await PostgresTestDatabase.withDatabase { database in
            let store = database.store(namespace: "n")
            try await store.put("a", 1)
            try await SnapshotScope.run { () async throws in
                #expect(try await store.get(Int.self, "a")?.value == 1)
                // A write inside a read is refused, and nothing of it is sent.
                await #expect(throws: PersistenceError.self) {
                    try await store.read { try $0.put("b", 2) }
                }
                #expect(try await store.get(Int.self, "a")?.value == 1)
            }
            #expect(try await store.get(Int.self, "b") == nil)
        }
    }
}
