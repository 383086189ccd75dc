import ArgumentParser
import FeatureCLI
import FeatureKit
import Money
import NetWorth
import Timing

/// `folio networth sync`
struct SyncCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Record today's balance of each linked account whose source's value changed.",
        discussion: """
            For each account linked with `accounts link`, the source's value (at its currency's minor unit, \
            half-even) is recorded as today's balance update when it differs from the latest recorded balance; \
            a value that is out of date or cannot be read is never recorded. All of it is one transaction, and \
            a second sync with unchanged sources records nothing. `folio serve` runs it at most once an hour.

            Examples:
              folio networth sync
              folio networth sync --format json
            """)

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        let report = try await SyncService(services.dependencies).sync()
        try formatting.render(
            report, to: services.terminal, csv: { try CSVOutput.rows(report.accounts, columns: SyncedAccount.columns) },
            table: { text(report) })
    }

    private func text(_ report: SyncReport) -> String {
        guard !report.accounts.isEmpty else {
            return "No account follows a source. Link one with `folio networth accounts link NAME --to SOURCE`."
        }
        var lines = report.accounts.map { row -> String in
            let balance = row.balance.map { NumberFormat.money($0, currency: row.currency) } ?? "—"
            switch row.outcome {
            case "recorded": return "\"\(row.account)\": recorded \(balance) from \(row.source)"
            case "unchanged": return "\"\(row.account)\": unchanged (\(balance)) from \(row.source)"
            default: return "\"\(row.account)\": skipped — \(row.source): \(row.reason ?? "no value")"
            }
        }
        lines.append("\(report.recorded) balance\(report.recorded == 1 ? "" : "s") recorded on \(report.date.iso8601).")
        return lines.joined(separator: "\n")
    }
}
