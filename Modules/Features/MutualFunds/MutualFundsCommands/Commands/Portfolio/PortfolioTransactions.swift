import ArgumentParser
import FeatureCLI
import FeatureKit
import Money
import MutualFunds
import MutualFundsPortfolio

/// `folio funds portfolio transactions`.
struct PortfolioTransactions: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "transactions",
        abstract: "List the portfolio's transactions, each with the id `remove` takes.",
        discussion: """
            By folio, scheme and date. Amounts and units are signed: units leaving the folio (redemptions, \
            switches out) are negative.

            Examples:
              folio funds portfolio transactions
              folio funds portfolio transactions --format csv --output transactions.csv
            """
    )

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        let rows = try await FundsServices(context: context).portfolio().portfolioTransactions()
        switch formatting.format {
        case .json: try formatting.emit(try JSONOutput.string(rows), to: context.terminal)
        case .csv: try formatting.emit(try CSVOutput.rows(rows, columns: TransactionRow.columns), to: context.terminal)
        case .table:
            guard !rows.isEmpty else {
                try formatting.emit(
                    "No transactions yet. Import a statement with: folio funds portfolio import FILE",
                    to: context.terminal)
                return
            }
            let table = TextTable(
                columns: [
                    .text("ID"), .text("FOLIO"), .text("SCHEME", truncatable: true), .text("DATE"), .text("TYPE"),
                    .number("AMOUNT"), .number("UNITS"), .number("NAV"), .number("BALANCE"),
                ],
                rows: rows.map { row in
                    [
                        TextTable.Cell(row.id), TextTable.Cell(row.folio),
                        TextTable.Cell(row.scheme + (row.reconciled ? "" : " (unreconciled)")),
                        TextTable.Cell(row.date),
                        TextTable.Cell(row.type), TextTable.Cell(row.amount.map(FundsFormat.money) ?? "—"),
                        TextTable.Cell(row.units?.plainText ?? "—"), TextTable.Cell(row.nav?.plainText ?? "—"),
                        TextTable.Cell(row.balance?.plainText ?? "—"),
                    ]
                })
            try formatting.emit(
                table.render(style: context.style, maxWidth: formatting.tableWidth(on: context.terminal)),
                to: context.terminal)
        }
    }
}
