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
        let account = try await services.repository.account(named: name)
        var rows: [HistoryRow] = []
        var previous: BalanceUpdate?
        for update in account.updates {
            defer { previous = update }
            if let start, update.date < start { continue }
            if let end, update.date > end { continue }
            let change = try previous.map { previous throws(NetWorthError) in try BalanceChange(from: previous.amount, to: update.amount, isDebt: account.type.isDebt) }
            rows.append(HistoryRow(update: update, change: change))
        }
        switch formatting.format {
        case .json: try formatting.emit(JSONOutput.string(rows), to: services.terminal)
        case .csv: try formatting.emit(CSVOutput.rows(rows, columns: HistoryRow.columns), to: services.terminal)
        case .table:
            guard !rows.isEmpty else {
                try formatting.emit(
                    account.updates.isEmpty
                        ? "\"\(account.name)\" has no balance updates yet. Record one with `folio networth update \"\(account.name)\" AMOUNT`."
                        : "\"\(account.name)\" has no updates in that range.", to: services.terminal)
                return
            }
            var table = TextTable(columns: [
                .text("DATE"), .number("BALANCE"), .text("CHANGE"), .text("NOTE", truncatable: true),
            ])
            for row in rows {
                table.append([
                    TextTable.Cell(row.date),
                    TextTable.Cell(NumberFormat.money(row.balance, currency: account.currency)),
                    ChangeFormatting.cell(row.source, currency: account.currency, style: services.style),
                    TextTable.Cell(row.note ?? ""),
                ])
            }
            let title = services.style.bold("\(account.name) (\(account.type.rawValue), \(account.currency))")
            try formatting.emit(
                title + "\n" + table.render(style: services.style, maxWidth: services.tableWidth(formatting)),
                to: services.terminal)
        }
    }
}

/// One update with its change, as JSON and CSV.
struct HistoryRow: Encodable {
    var date: String
    var balance: Amount
    @NullEncodable var change: Amount?
    @NullEncodable var changePercent: Amount?
    @NullEncodable var trend: String?
    @NullEncodable var note: String?
    let source: BalanceChange?

    static let columns = ["date", "balance", "change", "changePercent", "trend", "note"]

    init(update: BalanceUpdate, change: BalanceChange?) {
        date = update.date.iso8601
        balance = update.amount
        self.change = change?.amount
        changePercent = change?.roundedFraction
        trend = change?.trend.rawValue
        note = update.note
        source = change
    }

    private enum CodingKeys: String, CodingKey { case date, balance, change, changePercent, trend, note }
}
