import Alerting
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Persistence
import PersistencePostgres

/// What a household's data is, to export, import, back up and copy: every feature's namespace and the host's
/// alerts. The web sessions and each device's stocks login are access, not data, and stay where they are.
enum HouseholdData {
    /// The namespaces, in the order of the registry, then the host's.
    static func namespaces(_ host: HostEnvironment) -> [String] {
        host.registry.map(\.id) + [AlertStore.namespace]
    }

    /// The newest schema version this Folio knows for each namespace: data written by a newer one is refused.
    static func supportedVersions(_ host: HostEnvironment) throws -> [String: Int] {
        var versions = [AlertStore.namespace: AlertStore.schemaVersion]
        for feature in host.registry {
            let migrations =
                feature.requirements.contains(.persistence)
                ? feature.migrations(try LiveContext.make(for: feature, host: host)) : []
            versions[feature.id] = migrations.map(\.version).max() ?? 0
        }
        return versions
    }

    /// Opens the selected database as one that reads and writes all namespaces in one transaction, runs `body`
    /// and closes it.
    static func withDatabase<Value>(
        _ selection: DatabaseSelection, host: HostEnvironment, _ body: (any WholeDatabase) async throws -> Value
    ) async throws -> Value {
        let database = try selection.open(timing: host.timing)
        guard let whole = database as? any WholeDatabase else {
            throw FolioError(.internal, "the \(selection.backend) backend cannot read every namespace at once")
        }
        do {
            let value = try await body(whole)
            await (database as? PostgresDatabase)?.close()
            return value
        } catch {
            await (database as? PostgresDatabase)?.close()
            throw error
        }
    }
}

extension NamespaceSummary {
    /// The namespace, schema and record-count table that `db status`, `copy`, `import` and `restore` print:
    /// writes `counts` in the chosen format, the table under `title`.
    static func emit(
        _ counts: [NamespaceSummary], title: String, formatting: FormatOptions, host: HostEnvironment
    )
        throws
    {
        try formatting.render(rows: counts, columns: ["namespace", "schemaVersion", "records"], to: host.terminal) {
            let table = TextTable(
                columns: [.text("NAMESPACE"), .text("SCHEMA"), .text("RECORDS")],
                rows: counts.map { [.init($0.namespace), .init("\($0.schemaVersion)"), .init("\($0.records)")] })
            return title + "\n\n" + table.render(style: host.style, maxWidth: formatting.tableWidth(on: host.terminal))
        }
    }
}
