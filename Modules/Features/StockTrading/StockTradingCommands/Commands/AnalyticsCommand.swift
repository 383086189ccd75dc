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
            of history or without a sign change. Allocation weight = value / total value (cash included). The \
            value history charts the daily snapshots recorded by trades, cash movements and reports.

            Examples:
              folio stocks analytics
              folio stocks analytics --basis fifo --svg value.svg --format json
            """)

    @Flag(help: "Fetch new prices now, whatever their age.")
    var refresh = false

    @Option(
        help: ArgumentHelp("Also write the value history chart as SVG to this file.", valueName: "file"),
        completion: .file(extensions: ["svg"]))
    var svg: String?

    @OptionGroup var basisOptions: BasisOptions
    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        let services = StocksServices(context: context)
        try await services.prepare()
        let session = try await services.session()
        let (valuation, history, quotes) = try await PortfolioLoader.load(
            services, session: session, refresh: refresh, basis: basisOptions.basis)
        let snapshots = try await services.brokerage(session).snapshots()
        let analytics = try await mapped {
            try PortfolioAnalytics.make(
                valuation: valuation, history: history, snapshots: snapshots, now: context.timing.now())
        }
        if let svg {
            let chart = SVGChart.dated(
                series: [series(analytics)], title: "Portfolio value — \(session.email)",
                yLabel: Formatting.axisMoney)
            try OutputDestination(path: svg).emit(chart.render(), to: context.terminal)
        }
        switch formatting.format {
        case .json: try formatting.emit(try JSONOutput.string(try document(analytics, email: session.email)), to: context.terminal)
        case .csv:
            let total = analytics.valuation.totalValue
            let rows = analytics.bySector.map { AllocationRow(group: "sector", name: $0.name, value: $0.value, weight: Formatting.rate($0.value, of: total) ?? .zero) }
                + analytics.byHolding.map { AllocationRow(group: "holding", name: $0.name, value: $0.value, weight: Formatting.rate($0.value, of: total) ?? .zero) }
            try formatting.emit(try CSVOutput.rows(rows, columns: ["group", "name", "value", "weight"]), to: context.terminal)
        case .table:
            try formatting.emit(text(analytics, email: session.email, quotes: quotes, context: context), to: context.terminal)
        }
    }

    private func series(_ analytics: PortfolioAnalytics) -> ChartSeries {
        ChartSeries(
            name: "Total value",
            points: analytics.history.compactMap { snapshot in
                guard let day = CalendarDate(iso8601: snapshot.day), let total = try? snapshot.totalValue else { return nil }
                return ChartPoint(date: day, y: total.doubleValue)
            })
    }

    private func document(_ analytics: PortfolioAnalytics, email: String) throws -> AnalyticsDocument {
        let valuation = analytics.valuation
        func slices(_ all: [AllocationSlice]) -> [AnalyticsDocument.Slice] {
            all.map {
                AnalyticsDocument.Slice(
                    name: $0.name, value: $0.value, weight: Formatting.rate($0.value, of: valuation.totalValue) ?? .zero)
            }
        }
        return AnalyticsDocument(
            email: email, basis: valuation.basis.rawValue, totalValue: valuation.totalValue, invested: valuation.invested,
            totalReturn: analytics.totalReturn, roi: Formatting.roi(valuation), realizedPL: valuation.realizedPL,
            unrealizedPL: valuation.unrealizedPL,
            annualizedReturn: analytics.annualizedReturn.map { ($0 * 1e8).rounded() / 1e8 },
            annualizedReturnNote: analytics.annualizedReturnUnavailable?.description,
            bySector: slices(analytics.bySector), byHolding: slices(analytics.byHolding),
            valueHistory: try analytics.history.map {
                AnalyticsDocument.Point(
                    date: $0.day, totalValue: try $0.totalValue, holdingsValue: $0.holdingsValue, cash: $0.cash,
                    invested: $0.netDeposits)
            })
    }

    private func text(_ analytics: PortfolioAnalytics, email: String, quotes: QuoteSet, context: FeatureContext) -> String {
        let valuation = analytics.valuation
        let style = context.style
        var text = "Analytics for \(email) (\(valuation.basis == .fifo ? "FIFO" : "average cost") basis)\n\n"
        let xirr = analytics.annualizedReturn.map { style.trend(NumberFormat.percent($0), sign: $0 > 0 ? 1 : $0 < 0 ? -1 : 0) }
            ?? (analytics.annualizedReturnUnavailable?.description ?? "not available")
        let lines: [(String, String)] = [
            ("Total value", Formatting.money(valuation.totalValue)),
            ("Invested", Formatting.money(valuation.invested) + "  (deposits − withdrawals)"),
            ("Total return", style.trend(Formatting.signedMoney(analytics.totalReturn), sign: Formatting.sign(analytics.totalReturn))),
            ("ROI", style.trend(Formatting.percent(valuation.roi), sign: valuation.roi.map(Formatting.sign) ?? 0)),
            ("Realized P/L", style.trend(Formatting.signedMoney(valuation.realizedPL), sign: Formatting.sign(valuation.realizedPL))),
            ("Unrealized P/L", style.trend(Formatting.signedMoney(valuation.unrealizedPL), sign: Formatting.sign(valuation.unrealizedPL))),
            ("Annualized (XIRR)", xirr),
        ]
        for (label, value) in lines { text += TextWidth.pad(label, to: 19, alignRight: false) + value + "\n" }
        text += "\n" + style.bold("Allocation by sector") + "\n" + allocation(analytics.bySector, title: "SECTOR", context: context)
        text += "\n" + style.bold("Allocation by holding") + "\n" + allocation(analytics.byHolding, title: "HOLDING", context: context)
        text += "\n" + style.bold("Value history") + "\n"
        let points = series(analytics).points
        if points.count < 2 {
            text += "The chart needs values recorded on at least two days (\(points.count) so far); every trade, "
                + "deposit, withdrawal, portfolio or analytics run records the day's value.\n"
        } else {
            let width = max(20, min(70, context.terminal.width - 14))
            text += LineChart.dated(series: [series(analytics)], height: 10, width: width, yLabel: Formatting.axisMoney)
                .render(style: style)
        }
        text += "\n" + Formatting.pricesLine(quotes, now: context.timing.now()) + "\n"
        return text
    }

    private func allocation(_ slices: [AllocationSlice], title: String, context: FeatureContext) -> String {
        guard !slices.isEmpty else { return "Nothing to allocate.\n" }
        var table = TextTable(columns: [.text(title, truncatable: true), .number("VALUE"), .number("WEIGHT"), .text("")])
        for slice in slices {
            table.append([
                TextTable.Cell(slice.name), TextTable.Cell(Formatting.money(slice.value)),
                TextTable.Cell(NumberFormat.percent(slice.weight, signed: false)),
                TextTable.Cell(Formatting.bar(slice.weight), color: slice.name == "Cash" ? nil : .cyan),
            ])
        }
        return table.render(style: context.style, maxWidth: context.terminal.width)
    }
}
