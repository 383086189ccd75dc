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
    struct Row: Encodable {
        var code: Int
        var name: String
        @NullEncodable var fundHouse: String?
        @NullEncodable var category: AssetClass?
        var nav: Amount
        var navDate: String
        @NullEncodable var return1Y: Double?
        @NullEncodable var cagr3Y: Double?
        @NullEncodable var cagr5Y: Double?
        var range: String
        @NullEncodable var rangeReturn: Double?
        @NullEncodable var volatility: Double?
        @NullEncodable var maxDrawdown: Double?
        @NullEncodable var maxDrawdownPeakDate: String?
        @NullEncodable var maxDrawdownTroughDate: String?
        @NullEncodable var sharpe: Double?
        var stale: Bool
        var asOf: Date
        /// Why the null figures of the row are not available (`3Y, 5Y: the history starts on …`).
        @NullEncodable var notes: String?

        static let columns = [
            "code", "name", "fundHouse", "category", "nav", "navDate", "return1Y", "cagr3Y", "cagr5Y", "range",
            "rangeReturn", "volatility", "maxDrawdown", "maxDrawdownPeakDate", "maxDrawdownTroughDate", "sharpe",
            "stale", "asOf", "notes",
        ]
    }

    func run(in context: FeatureContext) async throws {
        let services = FundsServices(context: context)
        var seen = Set<Int>()
        let unique = codes.map(\.value).filter { seen.insert($0).inserted }
        let results = try await services.histories(
            codes: unique, label: "Fetching \(unique.count) NAV histories", refresh: cache.refresh)
        let failures = zip(unique, results).compactMap { code, result -> (Int, FolioError)? in
            if case .failure(let error) = result { return (code, error) }
            return nil
        }
        if let (firstCode, firstError) = failures.first {
            guard failures.count > 1 else { throw firstError }
            throw FolioError(
                firstError.kind, "\(failures.count) of \(unique.count) schemes could not be compared",
                why: failures.map { "\($0.0): \($0.1.what)" }.joined(separator: "; "),
                hint: firstError.hint ?? "check scheme \(firstCode) with: folio funds show \(firstCode)")
        }
        var rows: [Row] = []
        var histories: [NAVHistory] = []
        for result in results {
            guard case .success(let cached) = result else { continue }
            services.warnIfStale(cached, what: "NAV history of \(cached.value.code)")
            let history = cached.value
            guard let report = FundReport(history: history, range: range, riskFreeRate: try services.settings().riskFreeRate)
            else { continue }
            rows.append(Self.row(history: history, report: report, cached: cached))
            histories.append(history)
        }
        let charts = Self.growthSeries(histories, range: range)
        if let svg {
            guard let charts else {
                throw FolioError(
                    .refused, "no chart to write to \(svg)",
                    why: "the schemes' NAVs over \(range.rawValue) share no common period")
            }
            let chart = SVGChart.dated(
                series: charts, title: "₹100 invested, \(range.rawValue)", yLabel: { String(format: "%.0f", $0) })
            try OutputDestination(path: svg).emit(chart.render(), to: context.terminal)
        }
        switch formatting.format {
        case .json:
            try formatting.emit(try JSONOutput.string(rows), to: context.terminal)
        case .csv:
            try formatting.emit(try CSVOutput.rows(rows, columns: Row.columns), to: context.terminal)
        case .table:
            try formatting.emit(table(rows, charts: charts, context: context), to: context.terminal)
        }
    }

    static func row(history: NAVHistory, report: FundReport, cached: Cached<NAVHistory>) -> Row {
        let profile = FundsFormat.profile(history)
        return Row(
            code: history.code, name: history.name, fundHouse: profile.fundHouse, category: profile.assetClass,
            nav: report.latest.nav, navDate: report.latest.date.iso8601, return1Y: report.returns[.oneYear]?.absolute,
            cagr3Y: report.returns[.threeYears]?.annualized, cagr5Y: report.returns[.fiveYears]?.annualized,
            range: report.range.rawValue, rangeReturn: report.rangeReturn?.absolute, volatility: report.volatility,
            maxDrawdown: report.maxDrawdown?.value, maxDrawdownPeakDate: report.maxDrawdown?.peakDate?.iso8601,
            maxDrawdownTroughDate: report.maxDrawdown?.troughDate?.iso8601, sharpe: report.sharpe,
            stale: cached.isStale, asOf: cached.asOf, notes: notes(report))
    }

    /// The reasons for the row's n/a figures, grouped by reason, or nil when every figure is available.
    static func notes(_ report: FundReport) -> String? {
        let figures: [(String, String)] = [
            (ReturnPeriod.oneYear.rawValue, "1Y"), (ReturnPeriod.threeYears.rawValue, "3Y"),
            (ReturnPeriod.fiveYears.rawValue, "5Y"), ("volatility", "volatility"), ("maxDrawdown", "max drawdown"),
            ("sharpe", "Sharpe"),
        ]
        var order: [String] = []
        var names: [String: [String]] = [:]
        for (key, name) in figures {
            guard let reason = report.unavailable[key]?.description else { continue }
            if names[reason] == nil { order.append(reason) }
            names[reason, default: []].append(name)
        }
        guard !order.isEmpty else { return nil }
        return order.map { "\(names[$0]!.joined(separator: ", ")): \($0)" }.joined(separator: "; ")
    }

    /// ₹100 invested at the start of the common period: each scheme's NAV / its NAV at that start × 100.
    ///
    /// The period is the range (counted back from each scheme's latest NAV) shared by every scheme: from
    /// the latest of their range starts to the earliest of their latest NAVs. A scheme's range starts at its
    /// start NAV, or at its first NAV inside the range when its history does not cover the range (``Coverage``).
    /// Schemes whose NAVs end at different times (a wound-up scheme beside a live one) may share none; then
    /// there is no chart.
    static func growthSeries(_ histories: [NAVHistory], range: HistoryRange) -> [ChartSeries]? {
        let spans = histories.compactMap { history -> (Int, Int)? in
            guard let last = history.series.days.last else { return nil }
            return (history.series.days[Coverage(history.series).span(of: range.period).start], last)
        }
        guard spans.count == histories.count, let start = spans.map(\.0).max(), let end = spans.map(\.1).min(),
            start < end
        else { return nil }
        return histories.map { history in
            let series = history.series
            let first = series.index(onOrBefore: start) ?? 0
            let base = series.values[first]
            let points = (first..<series.count).prefix { series.days[$0] <= end }.map { index in
                ChartPoint(x: Double(max(series.days[index], start)), y: series.values[index] / base * 100)
            }
            return ChartSeries(name: "\(history.code)", points: points)
        }
    }

    private func table(_ rows: [Row], charts: [ChartSeries]?, context: FeatureContext) -> String {
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
        var text = table.render(style: context.style, maxWidth: context.terminal.width)
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
                    yLabel: { String(format: "%.0f", $0) })
        }
        return text
    }
}
