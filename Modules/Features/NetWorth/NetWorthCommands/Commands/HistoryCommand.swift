import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Money
import NetWorth
import Timing

/// `folio networth history NAME`
struct HistoryCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List an account's balance updates, each with its change from the one before.",
        discussion: """
            change = balance − previous balance; change % = change ÷ |previous balance| (n/a when zero).
            For debts a fall is good news (paid down).

            Examples:
              folio networth history "Monzo Savings"
              folio networth history Mortgage --from 2024-01-01 --format csv
            """)

    @Argument(help: "The account's name (any case).")
    var name: String

    @Option(help: ArgumentHelp("Only updates on or after this date (YYYY-MM-DD).", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("Only updates on or before this date (YYYY-MM-DD).", valueName: "date"))
    var to: String?

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        let start = try from.map { try Input.date($0, option: "--from") }
        let end = try to.map { try Input.date($0, option: "--to") }
        if let start, let end, start > end {
            throw FolioError(.usage, "--from \(start.iso8601) is after --to \(end.iso8601)")
        }
        let history = try await HistoryService(services.dependencies).history(of: name, from: start, to: end)
        let account = history.account
        let rows = history.rows
        try formatting.render(rows: rows, columns: HistoryEntry.columns, to: services.terminal) {
            guard !rows.isEmpty else {
                return account.updates.isEmpty
                    ? "\"\(account.name)\" has no balance updates yet. Record one with `folio networth update \"\(account.name)\" AMOUNT`."
                    : "\"\(account.name)\" has no updates in that range."
            }
            var table = TextTable(columns: [
                .text("DATE"), .number("BALANCE"), .text("CHANGE"), .text("NOTE", truncatable: true),
            ])
            for row in rows {
                table.append([
                    TextTable.Cell(row.date.iso8601),
                    TextTable.Cell(NumberFormat.money(row.balance, currency: account.currency)),
                    ChangeFormatting.cell(row.balanceChange, currency: account.currency, style: services.style),
                    TextTable.Cell(row.note ?? ""),
                ])
            }
            let title = services.style.bold("\(account.name) (\(account.type.rawValue), \(account.currency))")
            return title + "\n"
                + table.render(style: services.style, maxWidth: formatting.tableWidth(on: services.terminal))
        }
    }
}
