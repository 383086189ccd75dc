import Foundation
import Persistence
import PersistencePostgres
import PersistencePostgresTesting
import Testing

/// The backend against a real server (`FOLIO_TEST_DATABASE_URL`): what the contract suite cannot state.
@Suite(.enabled(if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.skipReason)))
struct PostgresServerTests {
    @Test func unreachableServerIsUnavailableNamingWhyWithoutThePassword() async throws {
        let port = try RefusingPort()
        let database = try PostgresDatabase(url: "postgres://folio:hunter2@127.0.0.1:\(port.port)/folio")
        let error = await #expect(throws: PersistenceError.self) {
            try await database.store(namespace: "n").put("k", 1)
        }
        await database.close()
        // Bound until the connection has been refused: the optimiser may otherwise end its life at last use.
        withExtendedLifetime(port) {}
        guard case .unavailable(let reason, .unreachable)? = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("refused"))
        #expect(!reason.contains("hunter2"))
    }

    /// Issue 25.11: `localhost` and `127.0.0.1` reach the same data, and the server says so; another schema
    /// of the same database is other data.
    @Test func theSameDataUnderAnotherHostNameHasTheSameIdentity() async throws {
        try await PostgresTestDatabase.withSchemaURL { url in
            let location = try PostgresLocation(parsing: url)
            var alias = location
            alias.host = "localhost"
            var other = location
            other.schema = location.schema + "_other"
            let databases = try [location, alias, other].map { try PostgresDatabase(location: $0) }
            var identities: [PostgresServerIdentity] = []
            for database in databases {
                identities.append(try await database.identity())
                await database.close()
            }
            #expect(identities[0] == identities[1])
            #expect(identities[0] != identities[2])
            #expect(identities[0].schema == location.schema)
            #expect(!identities[0].cluster.isEmpty)
        }
    }

    @Test func unknownRoleIsALoginFailureNamingTheUser() async throws {
        // Trust authentication checks no password, but the role must exist: SQLSTATE 28000.
        let url = try #require(PostgresTestDatabase.url)
        var location = try PostgresLocation(parsing: url)
        location.user = "folio_no_such_role"
        location.password = "hunter2"
        let database = try PostgresDatabase(location: location)
        let error = await #expect(throws: PersistenceError.self) { try await database.connect() }
        await database.close()
        guard case .unavailable(let reason, .login)? = error else {
            Issue.record("expected a login failure, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("\"folio_no_such_role\""), "\(reason)")
        #expect(!reason.contains("hunter2"))
    }

    @Test func unknownDatabaseIsUnavailableNamingIt() async throws {
        let url = try #require(PostgresTestDatabase.url)
        var location = try PostgresLocation(parsing: url)
        location.database = "folio_no_such_database"
        let database = try PostgresDatabase(location: location)
        let error = await #expect(throws: PersistenceError.self) { try await database.connect() }
        await database.close()
        #expect(
            error?.description.contains("no database \"folio_no_such_database\"") == true,
            "\(String(describing: error))")
        guard case .unavailable(_, .unknownDatabase)? = error else {
            Issue.record("expected an unknown database, got \(String(describing: error))")
            return
        }
    }

    @Test func tlsRequiredButNotOfferedIsUnavailable() async throws {
        // The CI cluster runs without TLS.
        let url = try #require(PostgresTestDatabase.url)
        var location = try PostgresLocation(parsing: url)
        location.sslMode = .require
        let database = try PostgresDatabase(location: location)
        let error = await #expect(throws: PersistenceError.self) { try await database.connect() }
        await database.close()
        #expect(error?.description.contains("does not offer TLS") == true, "\(String(describing: error))")
        guard case .unavailable(_, .tls)? = error else {
            Issue.record("expected a TLS failure, got \(String(describing: error))")
            return
        }
    }

    @Test func migratingFromManyProcessesAtOnceAppliesEachMigrationOnce() async throws {
        try await PostgresTestDatabase.withSchemaURL { url in
            let migrations = [
                Migration(version: 1, name: "count runs") { transaction in
                    try transaction.put("runs", (try transaction.value(Int.self, "runs") ?? 0) + 1)
                }
            ]
            // Separate database objects: separate connection pools, as separate processes have.
            let databases = try (0..<6).map { _ in try PostgresDatabase(url: url) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for database in databases {
                    group.addTask { try await database.store(namespace: "n").migrate(migrations) }
                }
                try await group.waitForAll()
            }
            #expect(try await databases[0].store(namespace: "n").get(Int.self, "runs")?.value == 1)
            #expect(try await databases[0].store(namespace: "n").schemaVersion() == 1)
            for database in databases { await database.close() }
        }
    }

    @Test func listsNamespacesWithVersionsAndCounts() async throws {
        try await PostgresTestDatabase.withDatabase { database in
            try await database.store(namespace: "stocks").write { transaction in
                for index in 0..<3 { try transaction.put("k\(index)", index) }
            }
            try await database.store(namespace: "networth").migrate([Migration(version: 2, name: "x") { _ in }])
            #expect(
                try await database.namespaces() == [
                    NamespaceSummary(namespace: "networth", schemaVersion: 2, records: 0),
                    NamespaceSummary(namespace: "stocks", schemaVersion: 0, records: 3),
                ])
        }
    }
}

/// A port on 127.0.0.1 where every connection is refused for as long as this value lives (as NetworkingTesting's
/// `RefusingPort`). Binding a port and closing it again is not enough: tests run in parallel, and another test's
/// server may be handed the freed port before the connection is attempted. This socket stays bound, without
/// `SO_REUSEADDR`, and never listens, so the kernel refuses every connection and no other socket can take it.
private final class RefusingPort: Sendable {
    let port: Int
    private let descriptor: Int32

    init() throws {
        let descriptor = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw PersistenceError.storage("no socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(descriptor, raw, length) == 0 && getsockname(descriptor, raw, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw PersistenceError.storage("could not bind a loopback port")
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}
