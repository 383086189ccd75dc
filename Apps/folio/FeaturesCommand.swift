import Alerting
import ArgumentParser
import Failures
import FeatureCLI
import FeatureHost
import FeatureKit
import FeatureWeb
import Settings

/// A command of the host itself, run with the host's environment rather than a feature's context.
protocol HostCommand: AsyncParsableCommand {
    func run(host: HostEnvironment) async throws
}

/// `folio features`: what the host found, and what each feature adds to the household view and the agenda.
struct FeaturesCommand: HostCommand {
    static let configuration = CommandConfiguration(
        commandName: "features",
        abstract: "List the registered feature plug-ins, whether each is enabled, and what each contributes.",
        discussion: """
            A feature is disabled by listing its id under "disabledFeatures" in $FOLIO_HOME/config.json.

            Each feature's contributions are listed below the table: its alert kinds (folio alerts add KIND), the \
            value sources a net-worth account can follow, whether it keeps the household's books or says what is \
            coming up (both read by folio overview), its dashboard card and page on folio serve, and the records \
            kept on this device when the data is shared.

            Examples:
              folio features
              folio features --format json
            """
    )

    @OptionGroup var formatting: FormatOptions

    struct Row: Encodable {
        var id: String
        var summary: String
        var enabled: Bool
        var kernels: [String]
        /// The value sources it contributes (`stocks:portfolio/<EMAIL>`).
        var valueSources: [String]
        /// The alert kinds it contributes (`race`).
        var alertKinds: [String]
        /// Whether it keeps the household's books (net worth now, accounts, history) for the overview.
        var household: Bool
        /// Whether it says what is coming up (the next races) for the overview.
        var agenda: Bool
        /// Whether `folio serve`'s dashboard shows a card of it.
        var dashboardCard: Bool
        /// Its page on `folio serve` (`/races`), nil without a web face.
        var page: String?
        /// The records of its namespace kept on this device when the data is shared.
        var deviceLocalKeys: [String]
        /// The settings it reads (`races.refresh`; `folio settings` shows their values).
        var settings: [String]
    }

    func run(host: HostEnvironment) async throws {
        let rows = host.plugins.map { plugin in
            let feature = plugin.commands
            return Row(
                id: feature.id, summary: feature.summary,
                enabled: !host.configuration.disabledFeatures.contains(feature.id),
                kernels: feature.requirements.names,
                valueSources: feature.valueSources.map { $0.pattern(feature: feature.id) },
                alertKinds: feature.alertKinds.map(\.kind.name), household: feature.household != nil,
                agenda: feature.agenda != nil, dashboardCard: plugin.web?.dashboard != nil,
                page: plugin.web?.navigation.path, deviceLocalKeys: feature.deviceLocalKeys.sorted(),
                settings: feature.settings.map(\.name))
        }
        try formatting.render(rows: rows, columns: ["id", "summary", "enabled", "kernels"], to: host.terminal) {
            guard !rows.isEmpty else { return "No features are registered." }
            let table = TextTable(
                columns: [.text("ID"), .text("SUMMARY", truncatable: true), .text("ENABLED"), .text("KERNELS")],
                rows: rows.map {
                    [
                        .init($0.id), .init($0.summary), .init($0.enabled ? "yes" : "no"),
                        .init($0.kernels.joined(separator: ", ")),
                    ]
                })
            let sources = rows.flatMap(\.valueSources)
            return table.render(style: host.style, maxWidth: formatting.tableWidth(on: host.terminal))
                + (sources.isEmpty ? "" : "\nValue sources: " + sources.joined(separator: ", "))
                + "\n\nContributions:\n" + rows.map(Self.contributions).joined(separator: "\n")
        }
    }

    /// One feature's contributions on a line: `races: alerts race; agenda; dashboard card; page /races`.
    static func contributions(_ row: Row) -> String {
        var parts: [String] = []
        if !row.alertKinds.isEmpty { parts.append("alerts " + row.alertKinds.joined(separator: ", ")) }
        if !row.valueSources.isEmpty { parts.append("value sources " + row.valueSources.joined(separator: ", ")) }
        if row.household { parts.append("household books") }
        if row.agenda { parts.append("agenda") }
        if row.dashboardCard { parts.append("dashboard card") }
        if let page = row.page { parts.append("page " + page) }
        if !row.settings.isEmpty { parts.append("settings " + row.settings.joined(separator: ", ")) }
        if !row.deviceLocalKeys.isEmpty {
            parts.append("kept on this device " + row.deviceLocalKeys.joined(separator: ", "))
        }
        return "  \(row.id): " + (parts.isEmpty ? "nothing beyond its commands" : parts.joined(separator: "; "))
    }

    func run() async throws {
        throw FolioError(.internal, "folio features runs through the host")
    }
}
