import AlertRules
import Alerting
import ArgumentParser
import Failures
import FeatureCLI
import FeatureHost
import FeatureKit

/// `folio alerts …`: alerts over every feature's kinds, kept by the host.
struct AlertsCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "alerts",
            abstract:
                "Alerts over every feature: price and NAV levels, drawdowns, races about to start, net worth targets.",
            discussion: """
                Each feature contributes its kinds (folio alerts add --help lists them). A level alert fires once \
                when its condition starts to hold and re-arms when the condition clears; a race alert fires once \
                per race that comes within its window. State and the webhook outbox live in the alerts namespace \
                of folio's database: a check and what it queued commit together, so two checks at once fire \
                each alert once.

                Delivery: the terminal (check and watch print what fired), and a webhook (--notify URL or \
                alerts.webhook in config.json) that gets an HTTP POST ntfy accepts: the text as the body, Title, \
                Click (the link) and an Idempotency-Key that is the firing's identity. A failed delivery stays \
                queued and is retried on the next check or watch.

                Examples:
                  folio alerts add race --category horse --within 5m
                  folio alerts check --notify https://ntfy.sh/my-folio --exit-status
                """,
            subcommands: [
                AlertsListCommand.self, AlertsAddCommand.self, AlertsRemoveCommand.self, AlertsCheckCommand.self,
                AlertsWatchCommand.self,
            ])
    }
}

/// `folio alerts add KIND …`: one subcommand per kind the registered plug-ins contribute.
struct AlertsAddCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "add",
            abstract: "Add an alert of one of the features' kinds.",
            discussion: """
                Each kind has its own options (folio alerts add KIND --help). A refused option stores nothing.

                Examples:
                  folio alerts add fund 122639 --below 85
                  folio alerts add networth --above 250000
                """,
            subcommands: AlertsHost.contributions(FeatureRegistry.current.map(\.commands)).map(\.contribution.add))
    }
}

/// `folio alerts list`.
struct AlertsListCommand: HostCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the alerts with their state.",
        discussion: """
            STATUS is armed, fired (a condition that fired still holds), or why the alert cannot be checked (its \
            feature disabled or not installed): such an alert is kept, never dropped.

            Examples:
              folio alerts list
              folio alerts list --format json
            """)

    @OptionGroup var formatting: FormatOptions

    func run(host: HostEnvironment) async throws {
        let alerts = try await AlertsHost.start(host)
        let rows = try await alerts.desk(feed: AlertFeed()).listings()
        try formatting.render(
            rows: rows, columns: ["id", "kind", "feature", "condition", "status", "firings"], to: host.terminal
        ) {
            guard !rows.isEmpty else {
                return "No alerts. Add one with: folio alerts add race --category horse --within 5m"
            }
            let table = TextTable(
                columns: [
                    .number("ID"), .text("KIND"), .text("CONDITION", truncatable: true), .text("STATUS"),
                    .number("FIRED"),
                ],
                rows: rows.map {
                    [.init("#\($0.id)"), .init($0.kind), .init($0.condition), .init($0.status), .init("\($0.firings)")]
                })
            return table.render(style: host.style, maxWidth: formatting.tableWidth(on: host.terminal))
        }
    }

    func run() async throws { throw FolioError(.internal, "folio alerts list runs through the host") }
}

/// `folio alerts remove ID`.
struct AlertsRemoveCommand: HostCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove an alert (and anything of it still waiting for the webhook).",
        discussion: """
            Examples:
              folio alerts remove 2
              folio alerts list && folio alerts remove 1
            """)

    @Argument(help: "The alert's number (see alerts list).")
    var id: Int

    func run(host: HostEnvironment) async throws {
        let removed = try await AlertsHost.start(host).store.remove(id)
        host.terminal.print("Removed alert #\(removed.id): \(removed.definition.summary).")
    }

    func run() async throws { throw FolioError(.internal, "folio alerts remove runs through the host") }
}
