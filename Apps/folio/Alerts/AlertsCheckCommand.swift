import AlertRules
import Alerting
import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Timing

/// `folio alerts check`: every alert once, for cron.
struct AlertsCheckCommand: HostCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check every alert once; print what fired and send it to the webhook.",
        discussion: """
            Prints one line per firing and nothing when nothing fired; an alert that cannot be checked (its \
            feature disabled, its source down) is reported on stderr and kept. Firings waiting for the webhook \
            from earlier checks are sent again first-come first-served. Exit 0, or with --exit-status 3 when \
            something fired.

            Examples:
              folio alerts check
              folio alerts check --notify https://ntfy.sh/my-folio --exit-status
            """)

    @Option(help: ArgumentHelp("Also POST each firing to this webhook (default alerts.webhook).", valueName: "url"))
    var notify: String?

    @Flag(help: "Exit 3 when an alert fired (for cron and scripts).")
    var exitStatus = false

    @OptionGroup var formatting: FormatOptions

    func run(host: HostEnvironment) async throws {
        let alerts = try await AlertsHost.start(host)
        let report = try await alerts.engine(webhook: try alerts.webhook(notify: notify)).check()
        try AlertsOutput.emit(report, formatting: formatting, host: host)
        if exitStatus && !report.fired.isEmpty { throw ExitCode(3) }
    }

    func run() async throws { throw FolioError(.internal, "folio alerts check runs through the host") }
}

/// `folio alerts watch`: checks each kind at its source's rate until interrupted.
struct AlertsWatchCommand: HostCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Keep checking the alerts, each kind at its source's rate, until interrupted.",
        discussion: """
            Checks every alert at once, then on the shared one-second ticker each kind at the rate of its \
            feature's settings: races every races.refresh (30s), and every few seconds while a race is about to \
            come within an alert's window; stock prices every stocks.quotesTTL (FOLIO_QUOTES_TTL, 60s); fund NAVs \
            every funds.historyTTL (30m) until the day's NAV is in, then the next day; net worth every minute. \
            Webhook deliveries that failed are retried at each check.

            Examples:
              folio alerts watch
              folio alerts watch --notify https://ntfy.sh/my-folio
              folio alerts watch --until-fired && say "an alert fired"
            """)

    @Option(help: ArgumentHelp("Also POST each firing to this webhook (default alerts.webhook).", valueName: "url"))
    var notify: String?

    @Flag(help: "Stop after the first check that fired something (for scripts waiting on an alert).")
    var untilFired = false

    func run(host: HostEnvironment) async throws {
        let alerts = try await AlertsHost.start(host)
        let engine = alerts.engine(webhook: try alerts.webhook(notify: notify))
        let untilFired = untilFired
        let ticker = alerts.context.ticker
        // Ctrl-C or SIGTERM stops the watch within half a second, even in the middle of a check.
        await InterruptSignal.run {
            host.terminal.printError("Watching alerts; press Ctrl-C to stop.")
            var reported: Set<String> = []
            // A firing is printed as soon as it is stored, before the webhook is sent it.
            await AlertSchedule.run(
                engine: engine, ticker: ticker,
                fired: { firings in for firing in firings { host.terminal.print(AlertsOutput.line(firing)) } }
            ) { outcome in
                // A check an interrupt cut short has nothing to report: its alerts are checked next time.
                guard !Task.isCancelled else { return false }
                switch outcome {
                case .success(let report):
                    // The same refusal on every tick is noise: each is reported once per watch.
                    for line in AlertsOutput.warnings(report) where reported.insert(line).inserted {
                        host.terminal.warn(line)
                    }
                    return !(untilFired && !report.fired.isEmpty)
                case .failure(let error):
                    host.terminal.warn(error.line)
                    return true
                }
            }
        }
    }

    func run() async throws { throw FolioError(.internal, "folio alerts watch runs through the host") }
}

/// How a check reads on a terminal.
enum AlertsOutput {
    static func emit(_ report: AlertCheckReport, formatting: FormatOptions, host: HostEnvironment) throws {
        switch formatting.format {
        case .json: try formatting.emit(try JSONOutput.string(report), to: host.terminal)
        case .csv:
            try formatting.emit(
                try CSVOutput.rows(
                    report.fired, columns: ["alertID", "kind", "title", "body", "link", "firedAt", "key"]),
                to: host.terminal)
        case .table:
            let lines = report.fired.map(line)
            if !lines.isEmpty { try formatting.emit(lines.joined(separator: "\n"), to: host.terminal) }
        }
        for warning in warnings(report) { host.terminal.warn(warning) }
    }

    static func line(_ firing: Firing) -> String {
        "Alert #\(firing.alertID) (\(firing.kind)) fired: \(firing.title) — \(firing.body)"
    }

    static func warnings(_ report: AlertCheckReport) -> [String] {
        report.notChecked.map { "alert #\($0.alertId) (\($0.kind): \($0.summary)) not checked — \($0.reason)" }
            + report.undelivered.map { "\($0.title): not delivered — \($0.reason); kept for the next check" }
    }
}
