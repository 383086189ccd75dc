import Foundation
import Persistence
import PersistencePostgres

/// The PostgreSQL server the tests may use: `FOLIO_TEST_DATABASE_URL`, which `Tooling/test` sets to a throwaway
/// cluster. Each test gets a schema of its own, dropped when it ends, so tests never see each other's records.
public enum PostgresTestDatabase {
    /// The server's URL, or nil when the PostgreSQL tests are to be skipped.
    public static var url: String? {
        guard let url = ProcessInfo.processInfo.environment["FOLIO_TEST_DATABASE_URL"], !url.isEmpty else {
            return nil
        }
        return url
    }

    /// Whether a server is configured.
    public static var isConfigured: Bool { url != nil }

    /// Why the PostgreSQL tests did not run.
    public static let skipReason =
        "FOLIO_TEST_DATABASE_URL is not set: PostgreSQL tests skipped (Tooling/test starts a server and sets it)"

    /// A URL for a new schema on the configured server, `folio_test_<random>`.
    public static func freshSchemaURL() throws -> String {
        guard let url else { throw PersistenceError.unavailable("FOLIO_TEST_DATABASE_URL is not set") }
        let schema = "folio_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        return url + (url.contains("?") ? "&" : "?") + "schema=" + schema
    }

    /// Runs `body` with a database in a fresh schema, then closes it and drops the schema.
    public static func withDatabase<Value>(
        now: @escaping @Sendable () -> Date = { Date() }, _ body: (PostgresDatabase) async throws -> Value
    ) async throws -> Value {
        try await withSchemaURL { url in
            let database = try PostgresDatabase(url: url, now: now)
            do {
                let value = try await body(database)
                await database.close()
                return value
            } catch {
                await database.close()
                throw error
            }
        }
    }

    /// Runs `body` with the URL of a fresh schema (created on first use), then drops the schema.
    public static func withSchemaURL<Value>(_ body: (String) async throws -> Value) async throws -> Value {
        let url = try freshSchemaURL()
        do {
            let value = try await body(url)
            try await dropSchema(of: url)
            return value
        } catch {
            try? await dropSchema(of: url)
            throw error
        }
    }

    /// Drops the schema `url` names, with everything in it.
    public static func dropSchema(of url: String) async throws {
        let database = try PostgresDatabase(url: url)
        do {
            try await database.dropSchema()
        } catch {
            await database.close()
            throw error
        }
        await database.close()
    }
}
