import ArgumentParser
import FeatureCLI
import FeatureKit
import Foundation
import Money
import StockTrading
import Timing

struct AnalyticsCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "analytics",
        abstract: "Returns, P/L, annualized return, allocation and value history.",
        discussion: """
            Invested = deposits − withdrawals. Total return = total value − invested; ROI = total return / \
            invested. Unrealized P/L = Σ (value − cost basis); realized P/L = Σ (proceeds − cost of shares sold), \
            average cost or --basis fifo. Annualized return = XIRR: the rate r with Σ flowᵢ / (1 + r)^(daysᵢ/365) \
            = 0, deposits negative, withdrawals and today's total value positive; "not available" under a year \
            of history or without a sign change. Time-weighted return = Π V_i / (V_{i−1} + net deposits \
            of day i) − 1 over the recorded days, beside --benchmark's (default SPY) close-to-close return over \
            the same days (with market data only). Allocation weight = value / total value (cash included). The \
            value history charts the daily snapshots recorded by trades, cash movements and reports.

            Examples:
              folio stocks analytics
              folio stocks analytics --basis fifo --svg value.svg --format json
            """)

    @Flag(help: "Fetch new prices now, whatever their age.")
    var refresh = false

    @Option(help: ArgumentHelp("The symbol whose return is shown beside the account's.", valueName: "symbol"))
    var benchmark = "SPY"

    @Option(
        help: ArgumentHelp("Also write the value history chart as SVG to this file.", valueName: "file"),
        completion: .file(extensions: ["svg"]))
    var svg: String?

    @OptionGroup var basisOptions: BasisOptions
    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        let stocks = try await StocksTerminal.start(context)
        let owner = try await stocks.owner()
        let priced = try await stocks.services.portfolio.analytics(
            for: owner, basis: basisOptions.basis, mode: stocks.mode(refresh: refresh), benchmark: benchmark)
        stocks.warnIfStale(priced.quotes)
        let report = priced.report
        if let svg {
            let chart = SVGChart.dated(
                series: [series(report)], title: "Portfolio value — \(report.email)",
                yLabel: { Formatting.axisMoney($0, report.currency) })
            try OutputDestination(path: svg).emit(chart.render(), to: context.terminal)
        }
        try formatting.render(
            report, to: context.terminal,
            csv: {
                let rows =
                    report.bySector.map {
                        AllocationRow(group: "sector", name: $0.name, value: $0.value, weight: $0.weight)
                    }
                    + report.byHolding.map {
                        AllocationRow(group: "holding", name: $0.name, value: $0.value, weight: $0.weight)
                    }
                return try CSVOutput.rows(rows, columns: ["group", "name", "value", "weight"])
            },
            table: { text(report, quotes: priced.quotes, context: context) })
    }

    private func series(_ report: AnalyticsReport) -> ChartSeries {
        ChartSeries(
            name: "Total value",
            points: report.valueHistory.compactMap { point in
                CalendarDate(iso8601: point.date).map { ChartPoint(date: $0, y: point.totalValue.doubleValue) }
            })
    }

    private func text(_ report: AnalyticsReport, quotes: QuoteSet, context: FeatureContext) -> String {
        let style = context.style
        var text =
            "Analytics for \(report.email) (\(report.basis == CostBasisMethod.fifo.rawValue ? "FIFO" : "average cost") basis)\n\n"
        let xirr =
            report.annualizedReturn.map { style.trend(NumberFormat.percent($0), sign: $0 > 0 ? 1 : $0 < 0 ? -1 : 0) }
            ?? (report.annualizedReturnNote ?? "not available")
        let lines: [(String, String)] = [
            ("Total value", Formatting.money(report.totalValue, report.currency)),
            ("Invested", Formatting.money(report.invested, report.currency) + "  (deposits − withdrawals)"),
            (
                "Total return",
                style.trend(
                    Formatting.signedMoney(report.totalReturn, report.currency),
                    sign: Formatting.sign(report.totalReturn))
            ),
            ("ROI", style.trend(Formatting.percent(report.roi), sign: report.roi.map(Formatting.sign) ?? 0)),
            (
                "Realized P/L",
                style.trend(
                    Formatting.signedMoney(report.realizedPL, report.currency), sign: Formatting.sign(report.realizedPL)
                )
            ),
            (
                "Unrealized P/L",
                style.trend(
                    Formatting.signedMoney(report.unrealizedPL, report.currency),
                    sign: Formatting.sign(report.unrealizedPL))
            ),
            ("Annualized (XIRR)", xirr),
        ]
        for (label, value) in lines { text += TextWidth.pad(label, to: 19, alignRight: false) + value + "\n" }
        if let benchmark = report.benchmark {
            let account = benchmark.accountReturn.map { Formatting.percent($0) } ?? "—"
            let other = benchmark.benchmarkReturn.map { Formatting.percent($0) } ?? "—"
            text +=
                TextWidth.pad("Time-weighted", to: 19, alignRight: false)
                + "\(account) beside \(benchmark.symbol) \(other), \(benchmark.from) to \(benchmark.to)"
                + (benchmark.note.map { " (\($0))" } ?? "") + "\n"
        }
        text +=
            "\n" + style.bold("Allocation by sector") + "\n"
            + allocation(report.bySector, title: "SECTOR", currency: report.currency, context: context)
        text +=
            "\n" + style.bold("Allocation by holding") + "\n"
            + allocation(report.byHolding, title: "HOLDING", currency: report.currency, context: context)
        text += "\n" + style.bold("Value history") + "\n"
        let points = series(report).points
        if points.count < 2 {
            text +=
                "The chart needs values recorded on at least two days (\(points.count) so far); every trade, "
                + "deposit, withdrawal, portfolio or analytics run records the day's value.\n"
        } else {
            let width = max(20, min(70, context.terminal.width - 14))
            text += LineChart.dated(
                series: [series(report)], height: 10, width: width,
                yLabel: { Formatting.axisMoney($0, report.currency) }
            )
            .render(style: style)
        }
        text += "\n" + Formatting.pricesLine(quotes, now: context.timing.now()) + "\n"
        return text
    }

    private func allocation(
        _ slices: [AnalyticsReport.Slice], title: String, currency: String, context: FeatureContext
    ) -> String {
        guard !slices.isEmpty else { return "Nothing to allocate.\n" }
        var table = TextTable(columns: [
            .text(title, truncatable: true), .number("VALUE"), .number("WEIGHT"), .text(""),
        ])
        for slice in slices {
            table.append([
                TextTable.Cell(slice.name), TextTable.Cell(Formatting.money(slice.value, currency)),
                TextTable.Cell(NumberFormat.percent(slice.weight, signed: false)),
                TextTable.Cell(Formatting.bar(slice.weight), color: slice.name == "Cash" ? nil : .cyan),
            ])
        }
        return table.render(style: context.style, maxWidth: formatting.tableWidth(on: context.terminal))
    }
}
