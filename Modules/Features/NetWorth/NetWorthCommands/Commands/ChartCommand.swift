import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Money
import NetWorth
import Timing

/// `folio networth chart [NAME] [--svg FILE]`
struct ChartCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "Chart an account's balance, or net worth, over time (terminal or SVG).",
        discussion: """
            With NAME: one point per balance update, in the account's currency. Without: net worth \
            (counted assets − counted debts) at every date a counted account was updated or a rate it uses \
            changed. The y axis spans the data with 10% padding above and below (not from zero); x labels \
            sit on real data points, thinned to fit, and always carry the year.

            Examples:
              folio networth chart
              folio networth chart "Stocks & Shares ISA" --from 2022-01-01 --svg isa.svg
            """)

    @Argument(help: "The account to chart; omit for net worth.")
    var name: String?

    @Option(help: ArgumentHelp("Only points on or after this date (YYYY-MM-DD).", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("Only points on or before this date (YYYY-MM-DD).", valueName: "date"))
    var to: String?

    @Flag(help: "For net worth, also draw assets and debts.")
    var breakdown = false

    @Option(help: ArgumentHelp("Write the chart as SVG to this file instead.", valueName: "file"), completion: .file(extensions: ["svg"]))
    var svg: String?

    @Option(help: "Plot height in text rows.")
    var height = 14

    @OptionGroup var inclusion: InclusionOptions

    func validate() throws {
        guard (3...60).contains(height) else {
            throw ValidationError("--height must be between 3 and 60")
        }
    }

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        let start = try from.map { try Input.date($0, option: "--from") }
        let end = try to.map { try Input.date($0, option: "--to") }
        if let start, let end, start > end {
            throw FolioError(.usage, "--from \(start.iso8601) is after --to \(end.iso8601)")
        }
        if breakdown && name != nil {
            throw FolioError(
                .usage, "--breakdown is for the net worth chart", hint: "drop the account name or --breakdown")
        }
        var portfolio = try await services.repository.portfolio()
        portfolio.inclusion = inclusion.resolve(portfolio.inclusion)
        let (title, currency, series) = try await chartSeries(portfolio, start: start, end: end, in: services)
        guard series.contains(where: { !$0.points.isEmpty }) else {
            services.terminal.print(
                "Nothing to chart: \(name == nil ? "no counted account has" : "\"\(title)\" has") balance updates in that range."
            )
            return
        }
        let symbolic: @Sendable (Double) -> String = { value in
            NumberFormat.money(Amount(value, places: 0) ?? .zero, currency: currency, fractionDigits: 0)
        }
        if let svg {
            let document = SVGChart.dated(series: series, title: title, yLabel: symbolic).render()
            try OutputDestination(path: svg).emit(document, to: services.terminal)
            services.terminal.print("Wrote the chart of \(title) to \(svg).")
            return
        }
        let labelWidth = 14
        let width = max(20, min(100, services.terminal.width) - labelWidth - 3)
        let chart = LineChart.dated(series: series, height: height, width: width, yLabel: symbolic)
        services.terminal.print(services.style.bold(title))
        services.terminal.write(chart.render(style: services.style))
    }

    private func chartSeries(
        _ portfolio: Portfolio, start: CalendarDate?, end: CalendarDate?, in services: NetWorthServices
    ) async throws -> (String, String, [ChartSeries]) {
        func inRange(_ date: CalendarDate) -> Bool {
            (start.map { date >= $0 } ?? true) && (end.map { date <= $0 } ?? true)
        }
        if let name {
            let account = try await services.repository.account(named: name)
            let points = account.updates.filter { inRange($0.date) }.map {
                ChartPoint(date: $0.date, y: $0.amount.doubleValue)
            }
            let title = "\(account.name) (\(account.currency))"
            return (title, account.currency, [ChartSeries(name: account.name, points: points)])
        }
        let values = try portfolio.netWorthSeries(from: start, to: end)
        func series(_ name: String, _ pick: (Totals) -> Amount) -> ChartSeries {
            ChartSeries(
                name: name,
                points: values.map {
                    ChartPoint(date: $0.date, y: pick($0.totals).doubleValue)
                })
        }
        let title = "Net worth (\(portfolio.baseCurrency); \(portfolio.inclusion.phrase))"
        var lines = [series("Net worth", \.netWorth)]
        if breakdown { lines += [series("Assets", \.assets), series("Debts", \.debts)] }
        return (title, portfolio.baseCurrency, lines)
    }
}
