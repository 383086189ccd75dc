import Foundation
import Persistence
import PersistencePostgres
import PersistencePostgresTesting
import Testing

/// The backend against a real server (`FOLIO_TEST_DATABASE_URL`): what the contract suite cannot state.
@Suite(.enabled(if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.skipReason)))
struct PostgresServerTests {
    @Test func unreachableServerIsUnavailableNamingWhyWithoutThePassword() async throws {
        // A port nothing listens on: bind one, note it, close it.
        let database = try PostgresDatabase(url: "postgres://folio:hunter2@127.0.0.1:\(try closedPort())/folio")
        let error = await #expect(throws: PersistenceError.self) {
            try await database.store(namespace: "n").put("k", 1)
        }
        await database.close()
        guard case .unavailable(let reason)? = error else {
            Issue.record("expected unavailable, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("refused"))
        #expect(!reason.contains("hunter2"))
    }

    @Test func unknownDatabaseIsUnavailableNamingIt() async throws {
        let url = try #require(PostgresTestDatabase.url)
        var location = try PostgresLocation(parsing: url)
        location.database = "folio_no_such_database"
        let database = try PostgresDatabase(location: location)
        let error = await #expect(throws: PersistenceError.self) { try await database.connect() }
        await database.close()
        #expect(error?.description.contains("no database \"folio_no_such_database\"") == true, "\(String(describing: error))")
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
            #expect(try await database.namespaces() == [
                NamespaceSummary(namespace: "networth", schemaVersion: 2, records: 0),
                NamespaceSummary(namespace: "stocks", schemaVersion: 0, records: 3),
            ])
        }
    }

    private func closedPort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                guard bind(socket, raw, length) == 0, getsockname(socket, raw, &length) == 0 else {
                    throw PersistenceError.storage("could not bind a loopback port")
                }
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
