import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Settings

/// `folio settings`: every setting folio reads, the value in effect and where it came from, and the keys of
/// `config.json` that no setting reads.
struct SettingsCommand: HostCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "List every setting, its value in effect and where it comes from.",
        discussion: """
            A setting comes from its environment variable, else from $FOLIO_HOME/config.json (a flat JSON object: \
            {"funds.historyTTL": "1h"}), else from its default. Secrets (keys, passwords, webhook paths) are \
            shown as set, never printed. A config.json key that no setting reads is named with the nearest one \
            that exists; every other command warns about it too.

            Examples:
              folio settings
              folio settings --format json
            """
    )

    @OptionGroup var formatting: FormatOptions

    /// One setting as listed.
    struct Row: Encodable {
        var key: String
        /// `folio` (the host) or the feature's id.
        var readBy: String
        var environment: String?
        var defaultValue: String?
        var value: String?
        /// `environment`, `config.json` or `default` (nil when nothing sets it).
        var source: String?
    }

    func run(host: HostEnvironment) async throws {
        let settings = HostSettings(registry: host.registry)
        let configuration = host.configuration
        let rows = settings.known.map { known in
            let source: String? =
                switch configuration.source(of: known.key) {
                case .environment, .flag: "environment"
                case .file: "config.json"
                case .defaultValue: known.key.defaultValue == nil ? nil : "default"
                }
            return Row(
                key: known.key.name, readBy: known.owner, environment: known.key.environment,
                defaultValue: known.key.defaultValue,
                value: configuration.string(known.key).map { Self.shown($0, key: known.key.name) }, source: source)
        }
        for unread in settings.unread(configuration.fileKeys) {
            host.terminal.warn(Self.sentence(unread, path: configuration.filePath))
        }
        try formatting.render(
            rows: rows, columns: ["key", "readBy", "environment", "defaultValue", "value", "source"], to: host.terminal
        ) {
            TextTable(
                columns: [
                    .text("KEY"), .text("READ BY"), .text("VARIABLE"), .text("VALUE", truncatable: true), .text("FROM"),
                ],
                rows: rows.map {
                    [
                        .init($0.key), .init($0.readBy), .init($0.environment ?? "—"), .init($0.value ?? "not set"),
                        .init($0.source ?? "—"),
                    ]
                }
            ).render(style: host.style, maxWidth: formatting.tableWidth(on: host.terminal))
        }
    }

    /// The warning for a `config.json` key that no setting reads.
    static func sentence(_ unread: HostSettings.Unread, path: String?) -> String {
        "\(path ?? "config.json") has \"\(unread.key)\", which no setting reads"
            + (unread.nearest.map { " — did you mean \"\($0)\"?" } ?? " (folio settings lists them)")
    }

    /// A value as it may be shown: secrets as `set`, a URL without its password, a webhook without its path
    /// (chat webhooks carry their token there).
    static func shown(_ value: String, key: String) -> String {
        if key.hasSuffix("Key") { return "set (hidden)" }
        guard var url = URLComponents(string: value), url.host != nil else { return value }
        if url.password != nil { url.password = "hidden" }
        if key.hasSuffix("webhook"), !url.path.isEmpty, url.path != "/" {
            url.path = ""
            url.query = nil
            return (url.string ?? "") + "/…"
        }
        return url.string ?? value
    }

    func run() async throws {
        throw FolioError(.internal, "folio settings runs through the host")
    }
}
