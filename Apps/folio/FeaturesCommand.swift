import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Settings

/// A command of the host itself, run with the host's environment rather than a feature's context.
protocol HostCommand: AsyncParsableCommand {
    func run(host: HostEnvironment) async throws
}

/// `folio features`: what the host found.
struct FeaturesCommand: HostCommand {
    static let configuration = CommandConfiguration(
        commandName: "features",
        abstract: "List the registered feature plug-ins and whether each is enabled.",
        discussion: """
            A feature is disabled by listing its id under "disabledFeatures" in $FOLIO_HOME/config.json.

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
    }

    func run(host: HostEnvironment) async throws {
        let rows = host.registry.map { feature in
            Row(
                id: feature.id, summary: feature.summary,
                enabled: !host.configuration.disabledFeatures.contains(feature.id),
                kernels: feature.requirements.names,
                valueSources: feature.valueSources.map { $0.pattern(feature: feature.id) })
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
            return table.render(style: host.style, maxWidth: host.terminal.width)
                + (sources.isEmpty ? "" : "\nValue sources: " + sources.joined(separator: ", "))
        }
    }

    func run() async throws {
        throw FolioError(.internal, "folio features runs through the host")
    }
}
