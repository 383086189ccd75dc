import AlertRules
import Alerting
import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Persistence
import PersistencePostgres
import PersistenceSQLite
import Timing

/// `folio db copy --to URL|FILE`: moves a household onto a shared PostgreSQL database, or back into a SQLite
/// file. Every feature's namespace (and the host's alerts) of the current store is copied whole (records, stored
/// times, expiry, search text, schema version) in one transaction per namespace, and each is counted afterwards.
/// The stocks login session stays behind: it belongs to this device, which keeps it in `FOLIO_HOME` either way.
struct DatabaseCopyCommand: HostCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy every namespace of the current database into an empty PostgreSQL database or SQLite file.",
        discussion: """
            The target must hold no Folio records; --force replaces what it holds. The source is left as it is. \
            A target that is not a postgres:// URL is a SQLite file, created if missing: the way back from a \
            shared server to one machine (use it as FOLIO_HOME/folio.sqlite, or import it elsewhere).

            Examples:
              folio db copy --to postgres://folio@db.home:5432/folio
              folio --database-url postgres://folio@old:5432/folio db copy --to postgres://folio@new:5432/folio
              folio --database-url postgres://folio@db.home:5432/folio db copy --to ~/folio-home/folio.sqlite
            """)

    @Option(
        name: .customLong("to"),
        help: "The target: a PostgreSQL URL (postgres://user:password@host:5432/database) or a SQLite file path.")
    var target: String

    @Flag(help: "Replace the target's records instead of refusing a target that holds some.")
    var force = false

    @OptionGroup var formatting: FormatOptions

    func run(host: HostEnvironment) async throws {
        let selection = try host.database()
        let targetSelection = try Self.target(target)
        let source = try selection.open(timing: host.timing)
        let destination: any KeyValueDatabase
        do {
            try refuseCopyOntoItself(selection, targetSelection)
            destination = try targetSelection.open(timing: host.timing)
        } catch {
            await (source as? PostgresDatabase)?.close()
            throw error
        }
        do {
            try await refuseCopyOntoItself(from: source, to: destination)
            let copied = try await copy(
                from: source, to: destination, target: targetSelection, namespaces: HouseholdData.namespaces(host),
                deviceLocalKeys: host.deviceLocalKeys)
            await close(source, destination)
            try NamespaceSummary.emit(
                copied, title: "copied \(selection.backend) at \(selection.location) to \(targetSelection.location)",
                formatting: formatting, host: host)
        } catch {
            await close(source, destination)
            throw error
        }
    }

    /// `--to` read as a URL when it has a scheme, else as a file path; either way a mistake is blamed on `--to`.
    static func target(_ text: String) throws -> DatabaseSelection {
        let scheme = text.range(of: "://").map { String(text[..<$0.lowerBound]).lowercased() }
        guard let scheme else {
            guard !text.isEmpty else {
                throw FolioError(.usage, "--to is empty", hint: "name a postgres:// URL or a SQLite file", field: "to")
            }
            return .sqlite(URL(fileURLWithPath: NSString(string: text).expandingTildeInPath))
        }
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw FolioError(
                .usage, "--to names a \(scheme):// URL", why: "folio copies to PostgreSQL or to a SQLite file",
                hint: "folio db copy --to postgres://user@host:5432/folio, or --to PATH/folio.sqlite", field: "to")
        }
        do {
            return .postgres(try PostgresLocation(parsing: text))
        } catch let error as PersistenceError {
            throw FolioError(
                .usage, "--to is not a usable database URL",
                why: error.description.replacingOccurrences(of: "storage failed: ", with: ""),
                hint: "use --to postgres://user:password@host:5432/database", field: "to")
        }
    }

    /// Two SQLite selections are the same file when their paths resolve to one.
    private func refuseCopyOntoItself(_ source: DatabaseSelection, _ target: DatabaseSelection) throws {
        guard case .sqlite(let from) = source, case .sqlite(let to) = target,
            from.resolvingSymlinksInPath().standardizedFileURL == to.resolvingSymlinksInPath().standardizedFileURL
        else { return }
        throw FolioError(
            .usage, "cannot copy \(from.path) onto itself", why: "it is the current database",
            hint: "name another file with --to", field: "to")
    }

    /// The same data under another spelling of its URL (`localhost` for `127.0.0.1`) is still the same data:
    /// the servers say which cluster, database and schema they are, and those are compared, not the URL text.
    private func refuseCopyOntoItself(
        from source: any KeyValueDatabase, to destination: any KeyValueDatabase
    )
        async throws
    {
        guard let source = source as? PostgresDatabase, let destination = destination as? PostgresDatabase,
            try await source.identity() == destination.identity()
        else { return }
        throw FolioError(
            .usage, "cannot copy \(destination.location.masked) onto itself",
            why: "it is the database and schema the current URL (\(source.location.masked)) names",
            hint: "name another database or schema with --to", field: "to")
    }

    /// Copies each namespace but the records that belong to this device alone (`deviceLocalKeys`, by namespace).
    private func copy(
        from source: any KeyValueDatabase, to destination: any KeyValueDatabase, target: DatabaseSelection,
        namespaces: [String], deviceLocalKeys: [String: Set<String>]
    ) async throws -> [NamespaceSummary] {
        if !force {
            for namespace in namespaces {
                let held = try await destination.store(namespace: namespace).read { try $0.count(.all) }
                guard held == 0 else {
                    throw FolioError(
                        .refused, "\(target.location) is not empty",
                        why: "its \(namespace) data holds \(held) records",
                        hint: "copy into an empty database, or add --force to replace what it holds")
                }
            }
        }
        var copied: [NamespaceSummary] = []
        for namespace in namespaces {
            let outcome = try await NamespaceCopy.copy(
                from: source.store(namespace: namespace), to: destination.store(namespace: namespace),
                replacing: force, excluding: deviceLocalKeys[namespace] ?? [])
            copied.append(
                NamespaceSummary(namespace: namespace, schemaVersion: outcome.schemaVersion, records: outcome.records))
        }
        return copied
    }

    private func close(_ source: any KeyValueDatabase, _ destination: any KeyValueDatabase) async {
        await (source as? PostgresDatabase)?.close()
        await (destination as? PostgresDatabase)?.close()
    }

    func run() async throws {
        throw FolioError(.internal, "folio db copy runs through the host")
    }
}
