import ArgumentParser
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
            """,
        subcommands: [DatabaseStatusCommand.self, DatabaseMigrateCommand.self, DatabaseCopyCommand.self]
    )
}

/// `folio db status`: the backend, where it is (password masked), and each namespace's version and size.
struct DatabaseStatusCommand: HostCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show the backend, its location and each namespace's schema and size.")

    @OptionGroup var formatting: FormatOptions

    struct Report: Encodable {
        var backend: String
        var location: String
        var namespaces: [Namespace]
    }

    struct Namespace: Encodable {
        var namespace: String
        var schemaVersion: Int
        var records: Int
    }

    func run(host: HostEnvironment) async throws {
        let selection = try host.database()
        let database = try selection.open(timing: host.timing)
        var namespaces: [Namespace] = []
        do {
            for feature in host.registry {
                let store = database.store(namespace: feature.id)
                let version = try await store.schemaVersion()
                let records = try await store.read { try $0.count(.all) }
                namespaces.append(Namespace(namespace: feature.id, schemaVersion: version, records: records))
            }
        } catch {
            await (database as? PostgresDatabase)?.close()
            throw error
        }
        await (database as? PostgresDatabase)?.close()
        let report = Report(backend: selection.backend, location: selection.location, namespaces: namespaces)
        switch formatting.format {
        case .json:
            try formatting.emit(try JSONOutput.string(report), to: host.terminal)
        case .csv:
            try formatting.emit(
                try CSVOutput.rows(namespaces, columns: ["namespace", "schemaVersion", "records"]), to: host.terminal)
        case .table:
            let table = TextTable(
                columns: [.text("NAMESPACE"), .text("SCHEMA"), .text("RECORDS")],
                rows: namespaces.map { [.init($0.namespace), .init("\($0.schemaVersion)"), .init("\($0.records)")] })
            let text = "backend: \(report.backend)\nlocation: \(report.location)\n\n"
                + table.render(style: host.style, maxWidth: host.terminal.width)
            try formatting.emit(text, to: host.terminal)
        }
    }

    func run() async throws {
        throw FolioError(.internal, "folio db status runs through the host")
    }
}

/// `folio db migrate`: brings the backend's own tables to this version's layout now, rather than on the first
/// command that touches them. Each feature migrates its namespace on first use, under a lock, so two machines
/// starting at once are safe either way.
struct DatabaseMigrateCommand: HostCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate", abstract: "Create or upgrade the database's tables now.")

    func run(host: HostEnvironment) async throws {
        let selection = try host.database()
        let database = try selection.open(timing: host.timing)
        if let postgres = database as? PostgresDatabase {
            do {
                try await postgres.connect()
            } catch {
                await postgres.close()
                throw error
            }
            await postgres.close()
        }
        host.terminal.print("\(selection.backend) at \(selection.location): tables are up to date")
    }

    func run() async throws {
        throw FolioError(.internal, "folio db migrate runs through the host")
    }
}
