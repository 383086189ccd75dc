import FeatureWeb
import Foundation
import Hummingbird
import Persistence
import PersistencePostgres
import PersistencePostgresTesting
import PersistenceSQLite
import Synchronization
import Testing
import TimingTesting

/// The backends a session store runs on in these tests: a real SQLite file, and PostgreSQL when
/// `FOLIO_TEST_DATABASE_URL` names a server (otherwise it is left out, as the Persistence suites do).
enum SessionBackend: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgres
    var testDescription: String { rawValue }

    static var available: [SessionBackend] { allCases.filter { $0 != .postgres || PostgresTestDatabase.isConfigured } }

    /// Runs `body` with a way to open the same empty database as often as it likes (each open is a server start),
    /// all stamping records by `wallClock`; the database is removed afterwards.
    func withDatabase<Value>(
        wallClock: PinnedWallClock, _ body: (@escaping () throws -> any KeyValueDatabase) async throws -> Value
    ) async throws -> Value {
        let now: @Sendable () -> Date = { wallClock.now() }
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "folio-sessions-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("folio.sqlite")
            return try await body { try SQLiteDatabase(fileURL: file, now: now) }
        case .postgres:
            return try await PostgresTestDatabase.withSchemaURL { url in
                let opened = OpenedDatabases()
                do {
                    let value = try await body { try opened.open(url: url, now: now) }
                    await opened.closeAll()
                    return value
                } catch {
                    await opened.closeAll()
                    throw error
                }
            }
        }
    }
}

/// The PostgreSQL databases a test opened, closed when it ends.
final class OpenedDatabases: Sendable {
    private let databases = Mutex<[PostgresDatabase]>([])

    func open(url: String, now: @escaping @Sendable () -> Date) throws -> PostgresDatabase {
        let database = try PostgresDatabase(url: url, now: now)
        databases.withLock { $0.append(database) }
        return database
    }

    func closeAll() async {
        for database in databases.withLock({ $0 }) { await database.close() }
    }
}

@Suite("sessions' persist driver over the Persistence kernel")
struct StorePersistDriverTests {
    struct Login: Codable, Sendable, Equatable {
        var user: String
    }

    /// Runs `body` with a driver on an empty `web` store of `backend`, and the wall clock it expires records by.
    static func withDriver(
        on backend: SessionBackend,
        _ body: (any KeyValueStore, StorePersistDriver, PinnedWallClock) async throws -> Void
    ) async throws {
        let wallClock = PinnedWallClock(Date(timeIntervalSince1970: 1_764_000_000))
        try await backend.withDatabase(wallClock: wallClock) { open in
            let store = try open().store(namespace: "web")
            try await body(store, StorePersistDriver(store: store, now: { wallClock.now() }), wallClock)
        }
    }

    @Test(
        "a record is kept only under the digest of its name, and create refuses a live duplicate",
        arguments: SessionBackend.available)
    func keysAreDigests(backend: SessionBackend) async throws {
        try await Self.withDriver(on: backend) { store, driver, wallClock in
            try await driver.create(key: "session/raw-id", value: Login(user: "u1"), expires: .seconds(60))
            await #expect(throws: PersistError.duplicate) {
                try await driver.create(key: "session/raw-id", value: Login(user: "u2"), expires: .seconds(60))
            }
            let keys = try await store.read { try $0.scan(.all, limit: nil, reverse: false).map(\.key) }
            #expect(keys == [StorePersistDriver.storedKey("session/raw-id")])
            #expect(!keys.contains { $0.contains("raw-id") }, "the table never holds the id itself")
            #expect(try await driver.get(key: "session/raw-id", as: Login.self) == Login(user: "u1"))
            #expect(try await driver.get(key: "session/other", as: Login.self) == nil)
        }
    }

    @Test(
        "expiry follows the injected clock: the time left, kept on a plain set, then refused and removed",
        arguments: SessionBackend.available)
    func expiry(backend: SessionBackend) async throws {
        try await Self.withDriver(on: backend) { store, driver, wallClock in
            try await driver.create(key: "k", value: Login(user: "u1"), expires: .seconds(3600))
            wallClock.advance(by: 600)
            #expect(try await driver.getWithTTL(key: "k", as: Login.self)?.ttl == .seconds(3000))
            // A set without an expiry keeps the one the record has (the PersistDriver contract).
            try await driver.set(key: "k", value: Login(user: "u2"), expires: nil)
            #expect(try await driver.getWithTTL(key: "k", as: Login.self)?.ttl == .seconds(3000))
            wallClock.advance(by: 3000)
            #expect(try await driver.get(key: "k", as: Login.self) == nil, "expired at its instant")
            #expect(try await store.read { try $0.count(.all) } == 0, "an expired record is removed when found")
            // Expired is as good as absent: the name can be created again.
            try await driver.create(key: "k", value: Login(user: "u3"), expires: .seconds(10))
            #expect(try await driver.get(key: "k", as: Login.self) == Login(user: "u3"))
            try await driver.remove(key: "k")
            #expect(try await driver.get(key: "k", as: Login.self) == nil)
        }
    }

    @Test("creating a record sweeps away the expired ones nobody came back for", arguments: SessionBackend.available)
    func sweep(backend: SessionBackend) async throws {
        try await Self.withDriver(on: backend) { store, driver, wallClock in
            try await store.put("other", "not the driver's")
            try await driver.create(key: "old", value: Login(user: "u1"), expires: .seconds(60))
            try await driver.create(key: "kept", value: Login(user: "u2"), expires: nil)
            wallClock.advance(by: 61)
            try await driver.create(key: "new", value: Login(user: "u3"), expires: .seconds(60))
            let keys = try await store.read { try $0.scan(.all, limit: nil, reverse: false).map(\.key) }
            #expect(Set(keys) == ["other", StorePersistDriver.storedKey("kept"), StorePersistDriver.storedKey("new")])
        }
    }

    @Test("a record of another shape is an invalid conversion, which the session middleware treats as no session")
    func wrongShape() async throws {
        let wallClock = PinnedWallClock(Date(timeIntervalSince1970: 1_764_000_000))
        let driver = StorePersistDriver(store: InMemoryDatabase().store(namespace: "web"), now: { wallClock.now() })
        try await driver.set(key: "k", value: "a string", expires: nil)
        await #expect(throws: PersistError.invalidConversion) { try await driver.get(key: "k", as: Login.self) }
    }

    @Test("two servers on one database see one set of records", arguments: SessionBackend.available)
    func shared(backend: SessionBackend) async throws {
        let wallClock = PinnedWallClock(Date(timeIntervalSince1970: 1_764_000_000))
        try await backend.withDatabase(wallClock: wallClock) { open in
            let first = StorePersistDriver(store: try open().store(namespace: "web"), now: { wallClock.now() })
            let second = StorePersistDriver(store: try open().store(namespace: "web"), now: { wallClock.now() })
            try await first.create(key: "k", value: Login(user: "u1"), expires: .seconds(60))
            #expect(try await second.get(key: "k", as: Login.self) == Login(user: "u1"))
            try await second.remove(key: "k")
            #expect(try await first.get(key: "k", as: Login.self) == nil)
        }
    }
}
