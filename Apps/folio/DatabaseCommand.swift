import AlertRules
import Alerting
import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Persistence
import PersistencePostgres

/// `folio db`: which database the data lives in, and its upkeep.
struct DatabaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db",
        abstract: "Show and maintain the database: SQLite in FOLIO_HOME, or a shared PostgreSQL server.",
        discussion: """
            The database is SQLite in $FOLIO_HOME unless --database-url, FOLIO_DATABASE_URL or "database.url" in \
            config.json names a PostgreSQL server (postgres://user:password@host:5432/database?sslmode=require). \
            The stocks login session stays in $FOLIO_HOME either way: logging in is per device.

            Examples:
              folio db status
              FOLIO_DATABASE_URL=postgres://folio@db.home:5432/folio folio db migrate
              folio db copy --to postgres://folio@db.home:5432/folio
              folio db export --output household.jsonl
              folio db backup ~/backups/folio-2026-12-04.sqlite
            """,
        subcommands: [
            DatabaseStatusCommand.self, DatabaseMigrateCommand.self, DatabaseCopyCommand.self,
            DatabaseExportCommand.self, DatabaseImportCommand.self, DatabaseBackupCommand.self,
            DatabaseRestoreCommand.self,
        ]
    )
}

/// `folio db status`: the backend, where it is (password masked), and each namespace's version and size.
struct DatabaseStatusCommand: HostCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show the backend, its location and each namespace's schema and size.")

    @OptionGroup var formatting: FormatOptions

    func run(host: HostEnvironment) async throws {
        let selection = try host.database()
        let database = try selection.open(timing: host.timing)
        var namespaces: [NamespaceSummary] = []
        do {
            for namespace in HouseholdData.namespaces(host) {
                let store = database.store(namespace: namespace)
                let version = try await store.schemaVersion()
                let records = try await store.read { try $0.count(.all) }
                namespaces.append(NamespaceSummary(namespace: namespace, schemaVersion: version, records: records))
            }
        } catch {
            await (database as? PostgresDatabase)?.close()
            throw error
        }
        await (database as? PostgresDatabase)?.close()
        guard formatting.format != .json else {
            struct Report: Encodable {
                var backend: String
                var location: String
                var namespaces: [NamespaceSummary]
            }
            let report = Report(backend: selection.backend, location: selection.location, namespaces: namespaces)
            return try formatting.emit(try JSONOutput.string(report), to: host.terminal)
        }
        try NamespaceSummary.emit(
            namespaces, title: "backend: \(selection.backend)\nlocation: \(selection.location)", formatting: formatting,
            host: host)
    }

    func run() async throws {
        throw FolioError(.internal, "folio db status runs through the host")
    }
}

/// `folio db migrate`: brings the backend's own tables and every feature's namespace to this version's schema
/// now, rather than on the first command that touches each. What the features apply on first use is what this
/// applies (``FeatureDescriptor/migrations``), under the same per-namespace lock, so it is safe while other
/// machines run commands; a namespace already current is left alone.
struct DatabaseMigrateCommand: HostCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate", abstract: "Create or upgrade the database's tables and every feature's schema now.",
        discussion: """
            Prints one line per feature: the schema version before and after, and each migration applied. A \
            second run applies nothing.

            Examples:
              folio db migrate
              FOLIO_DATABASE_URL=postgres://folio@db.home:5432/folio folio db migrate
            """)

    /// What happened to one namespace.
    struct Outcome {
        var namespace: String
        var before: Int
        var after: Int
        /// The migrations applied, in order: version and name.
        var applied: [(version: Int, name: String)]
        /// Whether the feature declares any migration at all.
        var hasMigrations: Bool

        var line: String {
            guard hasMigrations else { return "\(namespace): no schema migrations" }
            guard !applied.isEmpty else { return "\(namespace): schema \(after), nothing to apply" }
            let names = applied.map { "\($0.version) \($0.name)" }.joined(separator: "; ")
            return "\(namespace): schema \(before) → \(after), applied \(names)"
        }
    }

    func run(host: HostEnvironment) async throws {
        let selection = try host.database()
        let database = try selection.open(timing: host.timing)
        do {
            // The backend's own tables first, so an unreachable server is reported before any feature runs.
            try await (database as? PostgresDatabase)?.connect()
            host.terminal.print("\(selection.backend) at \(selection.location): tables are up to date")
            try await migrate(database, selection: selection, host: host)
        } catch {
            await (database as? PostgresDatabase)?.close()
            throw error
        }
        await (database as? PostgresDatabase)?.close()
    }

    /// Applies each feature's pending migrations to its namespace, in the registry's order, printing each
    /// namespace's line as it is done: should a later one fail, the lines already printed say what is in place
    /// (each namespace migrates in one transaction, all or nothing).
    private func migrate(
        _ database: any KeyValueDatabase, selection: DatabaseSelection, host: HostEnvironment
    ) async throws {
        for feature in host.registry where feature.requirements.contains(.persistence) {
            let migrations = feature.migrations(try LiveContext.make(for: feature, host: host))
                .sorted { $0.version < $1.version }
            // The store a command of the feature gets (device-local keys included), on this one database.
            let store = selection.store(
                namespace: feature.id, in: database, home: host.home, timing: host.timing,
                deviceLocalKeys: feature.deviceLocalKeys)
            let before = try await store.schemaVersion()
            var after = before
            if let latest = migrations.last?.version, before < latest {
                try await store.migrate(migrations)
                after = try await store.schemaVersion()
            } else if let latest = migrations.last?.version, before > latest {
                throw PersistenceError.newerSchema(namespace: feature.id, found: before, supported: latest)
            }
            // The versions the namespace moved through while this ran (a machine migrating at the same moment
            // may have applied some of them; under the lock each ran once, and either way they are in place).
            let applied = migrations.filter { $0.version > before && $0.version <= after }
                .map { (version: $0.version, name: $0.name) }
            let outcome = Outcome(
                namespace: feature.id, before: before, after: after, applied: applied,
                hasMigrations: !migrations.isEmpty)
            host.terminal.print(outcome.line)
        }
        // The host's own namespace, after the features': its migration takes in the alerts they kept themselves.
        let before = try await AlertsHost.prepared(host).before
        let applied =
            before < AlertStore.schemaVersion
            ? [(version: AlertStore.schemaVersion, name: AlertStore.migrationName)] : []
        host.terminal.print(
            Outcome(
                namespace: AlertStore.namespace, before: before, after: max(before, AlertStore.schemaVersion),
                applied: applied,
                hasMigrations: true
            ).line)
    }

    func run() async throws {
        throw FolioError(.internal, "folio db migrate runs through the host")
    }
}
