import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import NetWorth
import Timing

/// `--monthly|--yearly`.
enum PeriodFlag: String, EnumerableFlag {
    case monthly
    case yearly

    static func help(for value: PeriodFlag) -> ArgumentHelp? {
        value == .monthly ? "One row per month end." : "One row per year end."
    }

    var period: ReportPeriod { self == .monthly ? .monthly : .yearly }
}

/// `folio networth report --monthly`
struct ReportCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Net worth and every counted account at each month (or year) end, for export.",
        discussion: """
            Each row values every counted account at its latest balance on or before the period's last day \
            (the --to date for the period still running), converted at the rate in force on that day.
              net worth = assets − debts; change = net worth − the previous row's net worth
            Account columns (csv, json, or --details) hold base-currency values, debts as the positive \
            amount owed, empty/null before an account's first update. --from/--to take YYYY-MM-DD or YYYY-MM.

            Examples:
              folio networth report --monthly --format csv --output networth.csv
              folio networth report --yearly --from 2020-01 --exclude-pension
            """)

    @Flag var period: PeriodFlag = .monthly

    @Option(help: ArgumentHelp("First period (YYYY-MM-DD or YYYY-MM; default the first update).", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("Last date (YYYY-MM-DD or YYYY-MM; default today).", valueName: "date"))
    var to: String?

    @Flag(help: "Show a column per account in the table too.")
    var details = false

    @OptionGroup var inclusion: InclusionOptions

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        let start = try from.map { try Input.dateOrMonth($0, option: "--from", end: false) }
        let end = try to.map { try Input.dateOrMonth($0, option: "--to", end: true) }
        let (periods, exported) = try await ReportService(services.dependencies).periods(
            period.period, from: start, to: end, inclusion: inclusion.override)
        try formatting.render(
            exported.jsonRows, to: services.terminal,
            csv: { CSVOutput.document(header: exported.csvHeader, rows: exported.csvRows) },
            table: {
                table(
                    periods, inclusion: exported.inclusion, style: services.style,
                    width: formatting.tableWidth(on: services.terminal))
            })
    }

    private func table(_ report: PeriodReport, inclusion: Inclusion, style: Style, width: Int) -> String {
        guard !report.rows.isEmpty else {
            return "Nothing to report: no counted account has a balance update yet."
        }
        let currency = report.currency
        var columns: [TextTable.Column] = [
            .text(period == .monthly ? "MONTH" : "YEAR"), .text("DATE"), .number("ASSETS"), .number("DEBTS"),
            .number("NET WORTH"), .text("CHANGE"),
        ]
        if details { columns += report.accounts.map { .number($0.name) } }
        var table = TextTable(columns: columns)
        for row in report.rows {
            var cells: [TextTable.Cell] = [
                TextTable.Cell(row.period), TextTable.Cell(row.date.iso8601),
                TextTable.Cell(NumberFormat.money(row.totals.assets, currency: currency)),
                TextTable.Cell(NumberFormat.money(row.totals.debts, currency: currency)),
                TextTable.Cell(NumberFormat.money(row.totals.netWorth, currency: currency)),
                ChangeFormatting.cell(row.change, currency: currency, style: style),
            ]
            if details {
                cells += row.values.map { TextTable.Cell($0.map { NumberFormat.money($0, currency: currency) } ?? "—") }
            }
            table.append(cells)
        }
        let note = style.dim("Values in \(currency); counting: \(inclusion.phrase).")
        return table.render(style: style, maxWidth: details ? Int.max : width) + note
    }
}
