import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import MarketData
import Money
import StockTrading
import Timing

/// Which entries `history` shows.
enum HistorySide: String, ExpressibleByArgument, CaseIterable {
    case buy, sell, deposit, withdrawal
}

struct HistoryCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List your trades and cash movements.",
        discussion: """
            Amount = quantity × price for trades (cash paid for a buy, received for a sell), the sum moved for \
            deposits and withdrawals. Realized P/L of a sell = proceeds − cost of the shares sold, on the \
            average-cost basis as recorded, or oldest-first with --basis fifo. --from and --to are inclusive \
            local dates (YYYY-MM-DD). --format csv or json exports the same rows.

            Examples:
              folio stocks history --side sell --symbol AAPL
              folio stocks history --from 2024-01-01 --format csv --output trades.csv
            """)

    @Option(help: "Only entries of this kind: buy, sell, deposit or withdrawal.")
    var side: HistorySide?

    @Option(help: "Only trades of this symbol.", completion: Completions.symbols)
    var symbol: String?

    @Option(help: ArgumentHelp("First day included (YYYY-MM-DD).", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("Last day included (YYYY-MM-DD).", valueName: "date"))
    var to: String?

    @Flag(help: "Add the cash-after column.")
    var details = false

    @OptionGroup var basisOptions: BasisOptions
    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        // Dates first, by FeatureKit's one rule for dates, so a typo is told before the login is asked for.
        let first = try from.map { try DateArgument.parse($0, option: "--from") }
        let last = try to.map { try DateArgument.parse($0, option: "--to") }
        if let first, let last, first > last {
            throw FolioError(.usage, "--from \(first.iso8601) is after --to \(last.iso8601)")
        }
        let stocks = try await StocksTerminal.start(context)
        let owner = try await stocks.owner()
        let filter = HistoryFilter(kind: side.map(\.kind), symbol: symbol, from: first, to: last)
        let history = try await stocks.services.portfolio.history(for: owner, filter: filter, basis: basisOptions.basis)
        let rows = history.rows
        try formatting.render(rows: rows, columns: HistoryRow.columns, to: context.terminal) {
            try table(rows, total: history.total, currency: history.currency, context: context)
        }
    }

    private func table(_ rows: [HistoryRow], total: Int, currency: String, context: FeatureContext) throws -> String {
        guard !rows.isEmpty else {
            return total == 0 ? "No history yet.\n" : "No entries match (of \(total) in your history).\n"
        }
        var columns: [TextTable.Column] = []
        if details { columns.append(.number("#")) }
        columns += [
            .text("TIME"), .text("SIDE"), .text("SYMBOL"), .number("QTY"), .number("PRICE"), .number("AMOUNT"),
            .number("REALIZED"),
        ]
        let converted = rows.contains { $0.fx != nil }
        if converted { columns.append(.text("RATE", truncatable: true)) }
        if details { columns += [.number("CASH AFTER"), .text("NOTE")] }
        var table = TextTable(columns: columns)
        var totals: [String: Amount] = [:]
        var realized = Amount.zero
        for row in rows {
            try totals[row.side, default: .zero] += row.amount
            try realized += row.realizedPL ?? .zero
            var cells: [TextTable.Cell] = []
            if details { cells.append(TextTable.Cell("\(row.sequence)")) }
            cells += [
                TextTable.Cell(String(Formatting.timestamp(row.timestamp).prefix(16))), TextTable.Cell(row.side),
                TextTable.Cell(row.symbol ?? ""),
                TextTable.Cell(row.quantity.map { NumberFormat.decimal(Amount($0), fractionDigits: 0) } ?? ""),
                TextTable.Cell(row.price.map { Formatting.money($0, row.fx?.from ?? currency) } ?? ""),
                TextTable.Cell(Formatting.money(row.amount, currency)),
                row.realizedPL.map { .trend(Formatting.signedMoney($0, currency), sign: Formatting.sign($0)) } ?? "",
            ]
            if converted { cells.append(TextTable.Cell(row.fx.map(Formatting.rate) ?? "")) }
            if details {
                cells += [TextTable.Cell(Formatting.money(row.cashAfter, currency)), TextTable.Cell(row.note ?? "")]
            }
            table.append(cells)
        }
        var footer: [TextTable.Cell] = details ? [""] : []
        footer += [
            TextTable.Cell("\(rows.count) entr\(rows.count == 1 ? "y" : "ies")"), "", "", "", "", "",
            .trend(Formatting.signedMoney(realized, currency), sign: Formatting.sign(realized)),
        ]
        if converted { footer.append("") }
        table.footer = [footer]
        var text = table.render(style: context.style, maxWidth: formatting.tableWidth(on: context.terminal))
        let sums = HistorySide.allCases.compactMap { side in
            totals[side.rawValue].map { "\(side.pastTense) \(Formatting.money($0, currency))" }
        }
        text += sums.joined(separator: " · ") + "\n"
        return text
    }
}

extension HistorySide {
    /// The history entries of this kind.
    var kind: EntryKind {
        switch self {
        case .buy: .buy
        case .sell: .sell
        case .deposit: .deposit
        case .withdrawal: .withdrawal
        }
    }

    var pastTense: String {
        switch self {
        case .buy: "bought"
        case .sell: "sold"
        case .deposit: "deposited"
        case .withdrawal: "withdrawn"
        }
    }
}
