import FeatureKitTesting
import Foundation
import PersistencePostgresTesting
import Testing

/// `folio db migrate` through the built binary: every feature's schema, applied once, on either backend.
enum MigrateRun {
    /// Migrates twice and checks what each run printed and what `db status` reports in between.
    static func migrateTwice(home: URL, environment: [String: String] = [:], backend: String) async throws {
        let first = try await FolioBinary.run(["db", "migrate"], home: home, environment: environment)
        #expect(first.exitCode == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("\(backend) at "), "\(first.stdout)")
        #expect(
            first.stdout.contains("stocks: schema 0 → 2, applied 1 create the demo account; 2 "), "\(first.stdout)")
        #expect(first.stdout.contains("networth: schema 0 → 3, applied 1 "), "\(first.stdout)")
        #expect(first.stdout.contains("funds: no schema migrations"), "\(first.stdout)")
        // The host's alerts namespace last, after the stocks schema its migration reads.
        #expect(
            first.stdout.hasSuffix("alerts: schema 0 → 1, applied 1 take in the alerts the features kept themselves\n"),
            "\(first.stdout)")

        let status = try await FolioBinary.run(
            ["db", "status", "--format", "json"], home: home, environment: environment)
        #expect(status.exitCode == 0, "\(status.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
        #expect(report?["backend"] as? String == backend)
        let versions = Dictionary(
            uniqueKeysWithValues: (report?["namespaces"] as? [[String: Any]] ?? []).compactMap { namespace in
                (namespace["namespace"] as? String).map { ($0, namespace["schemaVersion"] as? Int ?? -1) }
            })
        #expect(versions["stocks"] == 2, "\(status.stdout)")
        #expect(versions["networth"] == 3, "\(status.stdout)")
        #expect(versions["alerts"] == 1, "\(status.stdout)")

        let second = try await FolioBinary.run(["db", "migrate"], home: home, environment: environment)
        #expect(second.exitCode == 0, "\(second.stderr)")
        #expect(second.stdout.contains("stocks: schema 2, nothing to apply"), "\(second.stdout)")
        #expect(second.stdout.contains("networth: schema 3, nothing to apply"), "\(second.stdout)")
        #expect(second.stdout.contains("alerts: schema 1, nothing to apply"), "\(second.stdout)")
        #expect(!second.stdout.contains("applied"), "\(second.stdout)")

        // The demo account the stocks migration created is there for the first command, once.
        let login = try await FolioBinary.run(
            ["stocks", "login", "--email", "test@stockport.com", "--password-stdin"], home: home,
            environment: environment, input: "Test@123\n")
        #expect(login.exitCode == 0, "\(login.stderr)")
    }
}

@Suite struct DatabaseMigrateSQLiteEndToEndTests {
    @Test func migrateAppliesEveryFeaturesSchemaOnceOnSQLite() async throws {
        try await FolioBinary.withTemporaryHome { home in
            try await MigrateRun.migrateTwice(home: home, backend: "sqlite")
        }
    }
}

@Suite(.enabled(if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.skipReason)))
struct DatabaseMigratePostgresEndToEndTests {
    @Test func migrateAppliesEveryFeaturesSchemaOnceOnPostgres() async throws {
        try await PostgresTestDatabase.withSchemaURL { url in
            try await FolioBinary.withTemporaryHome { home in
                try await MigrateRun.migrateTwice(
                    home: home, environment: ["FOLIO_DATABASE_URL": url], backend: "postgres")
            }
        }
    }
}
