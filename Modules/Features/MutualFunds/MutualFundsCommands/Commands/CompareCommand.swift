import ArgumentParser
import Caching
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Money
import MutualFunds
import Networking
import Persistence
import Timing

/// `folio funds compare`: several schemes side by side.
struct CompareCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare schemes side by side: NAV, returns, volatility, drawdown, Sharpe.",
        discussion: """
            Histories are fetched concurrently, at most FOLIO_FUNDS_CONCURRENCY (default 4) at a time, with a \
            progress bar on a terminal; cached histories are used while fresh. If any scheme cannot be \
            compared (unknown code, API down with nothing cached) the command fails and names each one.

            Columns: 1Y return; 3Y and 5Y CAGR; volatility (1Y); max drawdown over --range (default 1Y); \
            Sharpe (1Y). With up to 6 schemes a chart shows ₹100 invested at the start of the range.

            \(Definitions.returns)

            \(Definitions.cagr)

            \(Definitions.volatility)

            \(Definitions.drawdown)

            \(Definitions.sharpe)

            \(Definitions.coverage) The chart starts at the latest start any scheme covers.

            Examples:
              folio funds compare 122639 120505 119598
              folio funds compare 122639 120505 --range 3Y --format csv
            """
    )

    @Argument(help: "Two or more scheme codes.")
    var codes: [SchemeCode] = []

    @Option(name: .customLong("range"), help: "The range of the drawdown and the chart.")
    var rangeChoice = Choice(HistoryRange.oneYear)

    var range: HistoryRange { rangeChoice.value }

    @Option(
        help: ArgumentHelp("Also write the chart as an SVG file.", valueName: "file"),
        completion: .file(extensions: ["svg"]))
    var svg: String?

    @OptionGroup var cache: CacheOptions
    @OptionGroup var formatting: FormatOptions

    func validate() throws {
        let unique = Set(codes.map(\.value))
        guard unique.count >= 2 else { throw ValidationError("Give at least two different scheme codes.") }
        guard unique.count <= 100 else { throw ValidationError("Compare at most 100 schemes at a time.") }
    }

    /// One scheme's row (flat, so CSV and JSON have the same columns).
    func run(in context: FeatureContext) async throws {
        let services = FundsServices(context: context)
        let mode = try services.mode(refresh: cache.refresh)
        let count = Set(codes.map(\.value)).count
        let bar = services.progressBar("Fetching \(count) NAV histories", count: count)
        let report: CompareReport
        do {
            report = try await services.service().compare(
                codes: codes.map(\.value), range: range, mode: mode, progress: { bar?.advance() })
            bar?.finish()
        } catch let error as FolioError {
            bar?.finish()
            throw error
        }
        for fetched in report.histories {
            services.warnIfStale(fetched.freshness, what: "NAV history of \(fetched.value.code)")
        }
        let rows = report.rows
        let charts = Self.growthSeries(report.histories.map(\.value), range: range)
        if let svg {
            guard let charts else {
                throw FolioError(
                    .refused, "no chart to write to \(svg)",
                    why: "the schemes' NAVs over \(range.rawValue) share no common period")
            }
            let chart = SVGChart.dated(
                series: charts, title: "₹100 invested, \(range.rawValue)", yLabel: { Rupees.axisLabel($0, places: 0) })
            try OutputDestination(path: svg).emit(chart.render(), to: context.terminal)
        }
        switch formatting.format {
        case .json:
            try formatting.emit(try JSONOutput.string(rows), to: context.terminal)
        case .csv:
            try formatting.emit(try CSVOutput.rows(rows, columns: CompareRow.columns), to: context.terminal)
        case .table:
            try formatting.emit(table(rows, charts: charts, context: context), to: context.terminal)
        }
    }

    static func growthSeries(_ histories: [NAVHistory], range: HistoryRange) -> [ChartSeries]? {
        RebasedNAVs(histories, range: range)?.lines.map { line in
            ChartSeries(
                name: "\(line.code)", points: zip(line.days, line.values).map { ChartPoint(x: Double($0), y: $1) })
        }
    }

    private func table(_ rows: [CompareRow], charts: [ChartSeries]?, context: FeatureContext) -> String {
        let table = TextTable(
            columns: [
                .number("CODE"), .text("NAME", truncatable: true), .number("NAV"), .number("1Y"), .number("3Y*"),
                .number("5Y*"), .number("VOL"), .number("MAX DD"), .number("SHARPE"),
            ],
            rows: rows.map { row in
                [
                    TextTable.Cell(String(row.code)), TextTable.Cell(row.name),
                    TextTable.Cell(FundsFormat.nav(row.nav)),
                    FundsFormat.trendCell(row.return1Y), FundsFormat.trendCell(row.cagr3Y),
                    FundsFormat.trendCell(row.cagr5Y),
                    TextTable.Cell(FundsFormat.percent(row.volatility).replacingOccurrences(of: "+", with: "")),
                    FundsFormat.trendCell(row.maxDrawdown), TextTable.Cell(FundsFormat.ratio(row.sharpe)),
                ]
            })
        var text = table.render(style: context.style, maxWidth: formatting.tableWidth(on: context.terminal))
        let navDates = Set(rows.map(\.navDate))
        let dateNote = navDates.count == 1 ? "NAVs of \(navDates.first!)" : "NAV dates differ: see --format json"
        text +=
            context.style.dim(
                "* CAGR. VOL = volatility (1Y); MAX DD over \(range.rawValue). \(dateNote).") + "\n"
        for row in rows {
            if let notes = row.notes { text += context.style.dim("\(row.code) n/a \(notes)") + "\n" }
        }
        guard let charts else {
            return text + context.style.dim("No chart: the NAVs over \(range.rawValue) share no common period.") + "\n"
        }
        if charts.count <= 6 {
            let width = max(20, min(80, context.terminal.width - 10))
            let from = charts.first?.points.first.map { " from \(CalendarDate(dayNumber: Int($0.x)).iso8601)" } ?? ""
            text +=
                "\n" + context.style.bold("₹100 invested, \(range.rawValue)") + context.style.dim(from) + "\n"
                + DateAxis.chart(
                    series: charts, height: 12, width: width, style: context.style,
                    yLabel: { Rupees.axisLabel($0, places: 0) })
        }
        return text
    }
}
