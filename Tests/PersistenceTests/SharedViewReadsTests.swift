import Foundation
import Persistence
import PersistencePostgres
import PersistencePostgresTesting
import Synchronization
import Testing

@testable import PersistenceSQLite

/// A server's page views (``SnapshotScope``) answer a read from what the views before them were told while the
/// database is in the same state, and never past a write: another process's, or the view's own.
@Suite struct SharedViewReadsTests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }

        static var available: [Backend] {
            allCases.filter { $0 != .postgres || PostgresTestDatabase.isConfigured }
        }

        /// Runs `body` with two databases on the same storage, as a server and another process see it.
        func withTwoProcesses(
            _ body: (_ server: any KeyValueDatabase, _ other: any KeyValueDatabase) async throws -> Void
        ) async throws {
            switch self {
            case .sqlite:
                try await TemporaryFiles.withDatabaseURL { url in
                    try await body(SQLiteDatabase(fileURL: url), SQLiteDatabase(fileURL: url))
                }
            case .postgres:
                try await PostgresTestDatabase.withSchemaURL { url in
                    let server = try PostgresDatabase(url: url)
                    let other = try PostgresDatabase(url: url)
                    do {
                        try await body(server, other)
                    } catch {
                        await server.close()
                        await other.close()
                        throw error
                    }
                    await server.close()
                    await other.close()
                }
            }
        }
    }

    /// What a view reads: one record, a range and the schema version.
    static func view(_ store: any KeyValueStore) async throws -> (Int?, [Int], Int) {
        try await SnapshotScope.run {
            (
                try await store.get(Int.self, "a")?.value, try await store.scan(Int.self, .prefix("")).map(\.value),
                try await store.schemaVersion()
            )
        }
    }

    @Test(
        "each view sees what another process wrote before it, records and schema version", arguments: Backend.available)
    func anotherProcessWrites(backend: Backend) async throws {
        try await backend.withTwoProcesses { server, other in
            let (store, writer) = (server.store(namespace: "n"), other.store(namespace: "n"))
            try await writer.put("a", 1)
            #expect(try await Self.view(store) == (1, [1], 0))
            #expect(try await Self.view(store) == (1, [1], 0))
            try await writer.put("a", 2)
            #expect(try await Self.view(store) == (2, [2], 0))
            try await writer.put("b", 5)
            try await writer.migrate([Migration(version: 1, name: "one") { _ in }])
            #expect(try await Self.view(store) == (2, [2, 5], 1))
            try await writer.delete("a")
            #expect(try await Self.view(store) == (nil, [5], 1))
        }
    }

    @Test("a view's own write is seen by its later reads and by the next view", arguments: Backend.available)
    func ownWrites(backend: Backend) async throws {
        try await backend.withTwoProcesses { server, _ in
            let store = server.store(namespace: "n")
            try await store.put("a", 1)
            #expect(try await Self.view(store) == (1, [1], 0))
            try await SnapshotScope.run {
                #expect(try await store.get(Int.self, "a")?.value == 1)
                try await store.put("a", 3)
                #expect(try await store.get(Int.self, "a")?.value == 3)
            }
            #expect(try await Self.view(store) == (3, [3], 0))
            // A write outside any view (a form post) is seen by the next view.
            try await store.put("b", 4)
            #expect(try await Self.view(store) == (3, [3, 4], 0))
        }
    }

    @Test("a read that swallows an error is never answered as if a record were missing", arguments: Backend.available)
    func swallowedQuestions(backend: Backend) async throws {
        try await backend.withTwoProcesses { server, _ in
            let store = server.store(namespace: "n")
            try await store.put("a", 1)
            try await store.put("b", 2)
            try await SnapshotScope.run {
                #expect(try await store.read { try $0.get("a") } != nil)
                // "b" was not asked yet at this state: the body runs on the store, not on the answers alone.
                let both = try await store.read { transaction in
                    [(try? transaction.get("a")) ?? nil, (try? transaction.get("b")) ?? nil].compactMap { $0 }.count
                }
                #expect(both == 2)
            }
        }
    }

    /// The answers the running view reads with.
    static func answers(of database: SQLiteDatabase) throws -> ReadAnswers {
        let scope = try #require(SnapshotScope.current)
        return try #require(database.reads.answers(for: scope))
    }

    @Test("the next view at the same state of the file reads nothing from it")
    func sameStateAnsweredFromMemory() async throws {
        try await TemporaryFiles.withDatabaseURL { url in
            let database = try SQLiteDatabase(fileURL: url)
            let store = database.store(namespace: "n")
            try await store.put("a", 1)
            let first = try await SnapshotScope.run {
                _ = try await store.get(Int.self, "a")
                _ = try await store.scan(Int.self, .prefix(""))
                return try Self.answers(of: database)
            }
            let second = try await SnapshotScope.run {
                _ = try await store.get(Int.self, "a")
                _ = try await store.scan(Int.self, .prefix(""))
                return try Self.answers(of: database)
            }
            #expect(first === second)
            #expect(second.reused == 2)
            try await SQLiteDatabase(fileURL: url).store(namespace: "other").put("x", 1)
            let third = try await SnapshotScope.run {
                _ = try await store.get(Int.self, "a")
                return try Self.answers(of: database)
            }
            #expect(third !== second, "another connection's commit is another state")
        }
    }

    /// A value that counts how often it is decoded.
    struct Counted: Codable, Sendable, Equatable {
        static let decodes = Mutex(0)
        var text: String

        init(text: String) { self.text = text }

        init(from decoder: any Decoder) throws {
            Self.decodes.withLock { $0 += 1 }
            text = try decoder.singleValueContainer().decode(String.self)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
    }

    @Test("a typed read at the same state reuses the value decoded before; changed bytes are decoded anew")
    func decodedOncePerState() async throws {
        try await TemporaryFiles.withDatabaseURL { url in
            let store = try SQLiteDatabase(fileURL: url).store(namespace: "n")
            let other = try SQLiteDatabase(fileURL: url).store(namespace: "n")
            try await store.put("c", Counted(text: "one"))
            let view = { try await SnapshotScope.run { try await store.get(Counted.self, "c")?.value } }
            let before = Counted.decodes.withLock { $0 }
            #expect(try await view() == Counted(text: "one"))
            #expect(try await view() == Counted(text: "one"))
            #expect(Counted.decodes.withLock { $0 } - before == 1)
            try await other.put("c", Counted(text: "two"))
            #expect(try await view() == Counted(text: "two"))
            #expect(Counted.decodes.withLock { $0 } - before == 2)
        }
    }
}

/// A figure several parts of one view need is worked out once, and never reused past a write of the view.
@Suite struct SharedWorkTests {
    @Test("asked twice in a scope, worked out once; after a write of the scope, worked out again")
    func onceUntilAWrite() async throws {
        let counter = Mutex(0)
        let store = InMemoryDatabase().store(namespace: "n")
        let work: @Sendable () async throws -> Int = {
            counter.withLock {
                $0 += 1; return $0
            }
        }
        try await SnapshotScope.run {
            let scope = try #require(SnapshotScope.current)
            #expect(try await scope.shared("k", work) == 1)
            #expect(try await scope.shared("k", work) == 1)
            #expect(try await scope.shared("other", work) == 2)
            try await store.put("a", 1)
            #expect(try await scope.shared("k", work) == 3)
        }
        try await SnapshotScope.run { () async throws in
            #expect(try await SnapshotScope.current?.shared("k", work) == 4, "a scope of its own")
        }
    }
}
