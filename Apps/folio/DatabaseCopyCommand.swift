import AlertRules
import Alerting
import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Persistence
import PersistencePostgres
import Timing

/// `folio db copy --to URL`: moves a household onto a shared PostgreSQL database. Every feature's namespace (and
/// the host's alerts) of the current store is copied whole (records, stored times, expiry, search text, schema version) in one
/// transaction per namespace, and each is counted afterwards. The stocks login session stays behind: it
/// belongs to this device, which keeps it in `FOLIO_HOME` either way.
struct DatabaseCopyCommand: HostCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy every namespace of the current database into an empty PostgreSQL database.",
        discussion: """
            The target must hold no Folio records; --force replaces what it holds. The source is left as it is.

            Examples:
              folio db copy --to postgres://folio@db.home:5432/folio
              folio --database-url postgres://folio@old:5432/folio db copy --to postgres://folio@new:5432/folio
            """)

    @Option(name: .customLong("to"), help: "The target database (postgres://user:password@host:5432/database).")
    var target: String

    @Flag(help: "Replace the target's records instead of refusing a target that holds some.")
    var force = false

    @OptionGroup var formatting: FormatOptions

    struct Copied: Encodable {
        var namespace: String
        var schemaVersion: Int
        var records: Int
    }

    func run(host: HostEnvironment) async throws {
        let selection = try host.database()
        let targetSelection = try DatabaseSelection.resolve(flag: target, configuration: host.configuration, home: host.home)
        guard case .postgres(let targetLocation) = targetSelection else {
            throw FolioError(.usage, "--to needs a PostgreSQL URL", hint: "folio db copy --to postgres://user@host:5432/folio")
        }
        let source = try selection.open(timing: host.timing)
        let destination = try PostgresDatabase(location: targetLocation, now: { host.timing.now() })
        do {
            try await refuseCopyOntoItself(from: source, to: destination)
            let copied = try await copy(
                from: source, to: destination, namespaces: host.registry.map(\.id) + [AlertStore.namespace],
                deviceLocalKeys: Dictionary(uniqueKeysWithValues: host.registry.map { ($0.id, $0.deviceLocalKeys) }))
            await close(source, destination)
            try report(copied, from: selection, to: targetLocation, host: host)
        } catch {
            await close(source, destination)
            throw error
        }
    }

    /// The same data under another spelling of its URL (`localhost` for `127.0.0.1`) is still the same data:
    /// the servers say which cluster, database and schema they are, and those are compared, not the URL text.
    private func refuseCopyOntoItself(from source: any KeyValueDatabase, to destination: PostgresDatabase)
        async throws
    {
        guard let source = source as? PostgresDatabase,
            try await source.identity() == destination.identity()
        else { return }
        throw FolioError(
            .usage, "cannot copy \(destination.location.masked) onto itself",
            why: "it is the database and schema the current URL (\(source.location.masked)) names",
            hint: "name another database or schema with --to")
    }

    /// Copies each namespace but the records that belong to this device alone (`deviceLocalKeys`, by namespace).
    private func copy(
        from source: any KeyValueDatabase, to destination: PostgresDatabase, namespaces: [String],
        deviceLocalKeys: [String: Set<String>]
    ) async throws -> [Copied]
    {
        if !force {
            for namespace in namespaces {
                let held = try await destination.store(namespace: namespace).read { try $0.count(.all) }
                guard held == 0 else {
                    throw FolioError(
                        .refused, "\(destination.location.masked) is not empty",
                        why: "its \(namespace) data holds \(held) records",
                        hint: "copy into an empty database, or add --force to replace what it holds")
                }
            }
        }
        var copied: [Copied] = []
        for namespace in namespaces {
            let outcome = try await NamespaceCopy.copy(
                from: source.store(namespace: namespace), to: destination.store(namespace: namespace),
                replacing: force, excluding: deviceLocalKeys[namespace] ?? [])
            copied.append(Copied(namespace: namespace, schemaVersion: outcome.schemaVersion, records: outcome.records))
        }
        return copied
    }

    private func close(_ source: any KeyValueDatabase, _ destination: PostgresDatabase) async {
        await (source as? PostgresDatabase)?.close()
        await destination.close()
    }

    private func report(
        _ copied: [Copied], from selection: DatabaseSelection, to target: PostgresLocation, host: HostEnvironment
    ) throws {
        switch formatting.format {
        case .json:
            try formatting.emit(try JSONOutput.string(copied), to: host.terminal)
        case .csv:
            try formatting.emit(
                try CSVOutput.rows(copied, columns: ["namespace", "schemaVersion", "records"]), to: host.terminal)
        case .table:
            let table = TextTable(
                columns: [.text("NAMESPACE"), .text("SCHEMA"), .text("RECORDS")],
                rows: copied.map { [.init($0.namespace), .init("\($0.schemaVersion)"), .init("\($0.records)")] })
            let text = "copied \(selection.backend) at \(selection.location) to \(target.masked)\n\n"
                + table.render(style: host.style, maxWidth: host.terminal.width)
            try formatting.emit(text, to: host.terminal)
        }
    }

    func run() async throws {
        throw FolioError(.internal, "folio db copy runs through the host")
    }
}
