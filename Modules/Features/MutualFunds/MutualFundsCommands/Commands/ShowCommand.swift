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

/// `folio funds show`: one scheme's meta, latest NAV, returns, risk and a chart.
struct ShowCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a scheme: latest NAV and its age, daily change, returns, risk and a chart.",
        discussion: """
            The NAV's age is counted in calendar days in India. A scheme whose latest NAV is weeks or years old \
            (wound up or merged; the API still answers "SUCCESS") is called out with how old its NAV is, and its \
            returns are measured up to that last NAV. When the MF API is unavailable and nothing of the scheme is \
            cached, the latest NAV comes from AMFI's daily file, marked "latest NAV from AMFI" (JSON \
            latestNAVSource "amfi"), without returns, risk or chart (--svg is then refused).

            Daily change: latest NAV − previous NAV, and latest / previous − 1.

            \(Definitions.returns)

            \(Definitions.cagr)

            \(Definitions.volatility)

            \(Definitions.drawdown) The range is --range (default 1Y), and the chart shows the same range.

            \(Definitions.sharpe)

            \(Definitions.coverage)

            Examples:
              folio funds show 122639
              folio funds show 122639 --range 5Y --svg ppfas.svg
            """
    )

    @Argument(help: "The scheme code, e.g. 122639.")
    var code: SchemeCode

    @Option(name: .customLong("range"), help: "The range of the chart and the drawdown.")
    var rangeChoice = Choice(HistoryRange.oneYear)

    var range: HistoryRange { rangeChoice.value }

    @Option(
        help: ArgumentHelp("Also write the chart as an SVG file.", valueName: "file"),
        completion: .file(extensions: ["svg"]))
    var svg: String?

    @OptionGroup var cache: CacheOptions
    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        let services = FundsServices(context: context)
        let mode = try services.mode(refresh: cache.refresh)
        let (json, history, report, freshness) = try await services.service().reportWithHistory(
            code: code.value, range: range, mode: mode)
        if json.latestNAVSource == .amfi { return try emitFromAMFI(json, freshness: freshness, services: services) }
        services.warnIfStale(freshness, what: "NAV history of \(code.value)")
        let age = json.navAgeDays
        let series = chartSeries(history, report: report)
        if let svg {
            let note = report.rangeSpan.shortfall == nil ? "" : " (only the NAVs inside the range)"
            let chart = SVGChart.dated(
                series: [series], title: "\(history.name) — NAV, \(range.rawValue)\(note)",
                yLabel: { Rupees.axisLabel($0) })
            try OutputDestination(path: svg).emit(chart.render(), to: context.terminal)
        }
        let rows = ReturnPeriod.allCases.map { ReturnRow(period: $0, value: report.returns[$0], report: json) }
        try formatting.render(json, to: context.terminal, csv: { try CSVOutput.rows(rows, columns: ReturnRow.columns) })
        {
            if age > FundsFormat.oldNAVDays {
                context.terminal.warn(
                    "the latest NAV of \(code.value) is \(FundsFormat.age(days: age)) old (\(report.latest.date.iso8601))"
                        + (age > 90 ? " — the scheme has probably been wound up or merged" : ""))
            }
            return ShowText(
                history: history, report: report, ageDays: age, freshness: freshness, series: series, context: context,
                width: formatting.tableWidth(on: context.terminal)
            ).render()
        }
        if history.skippedRows > 0 {
            context.terminal.warn("\(history.skippedRows) malformed NAV rows from the API were skipped")
        }
    }

    /// The latest NAV from AMFI's file, the MF API having failed: no returns, risk or chart, which need its history.
    private func emitFromAMFI(_ json: FundShowReport, freshness: Freshness, services: FundsServices) throws {
        let context = services.context
        let failure = json.mfapiFailure ?? "the MF API's history is unavailable"
        guard svg == nil else {
            throw FolioError(
                .unavailable, "the chart of \(code.value) needs the MF API's history", why: failure,
                hint: "try again later, or leave out --svg for the latest NAV from AMFI")
        }
        context.terminal.warn("latest NAV from AMFI: \(failure)")
        services.warnIfStale(freshness, what: "AMFI's NAV file")
        let rows = ReturnPeriod.allCases.map { ReturnRow(period: $0, value: nil, report: json) }
        try formatting.render(json, to: context.terminal, csv: { try CSVOutput.rows(rows, columns: ReturnRow.columns) })
        {
            context.style.bold("\(json.name) (\(json.code))") + "\n"
                + "NAV \(FundsFormat.nav(json.nav)) on \(json.navDate) (latest NAV from AMFI)\n"
                + context.style.dim("Returns, risk and the chart need the MF API's history, which is unavailable.")
        }
    }

    /// The range's points: from its start NAV, or only those inside the range when the history does not cover it.
    private func chartSeries(_ history: NAVHistory, report: FundReport) -> ChartSeries {
        let span = report.rangeSpan
        let points = (span.start...span.end).map { index in
            ChartPoint(x: Double(history.series.days[index]), y: history.series.values[index])
        }
        return ChartSeries(name: history.name, points: points)
    }
}

/// A returns row for `show --format csv`, each with the latest NAV, its date and where it came from.
struct ReturnRow: Encodable {
    var period: String
    @NullEncodable var absolute: Double?
    @NullEncodable var annualized: Double?
    @NullEncodable var fromDate: String?
    @NullEncodable var toDate: String?
    var nav: Amount
    var navDate: String
    var latestNAVSource: NAVSource

    init(period: ReturnPeriod, value: PeriodReturn?, report: FundShowReport) {
        self.period = period.rawValue
        absolute = value?.absolute
        annualized = value?.annualized
        fromDate = value?.fromDate.iso8601
        toDate = value?.toDate.iso8601
        nav = report.nav
        navDate = report.navDate
        latestNAVSource = report.latestNAVSource
    }

    static let columns = [
        "period", "absolute", "annualized", "fromDate", "toDate", "nav", "navDate", "latestNAVSource",
    ]
}
