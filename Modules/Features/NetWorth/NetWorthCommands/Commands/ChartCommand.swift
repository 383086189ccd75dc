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

    @Option(
        help: ArgumentHelp("Write the chart as SVG to this file instead.", valueName: "file"),
        completion: .file(extensions: ["svg"]))
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
        let chart = try await ChartService(services.dependencies).chart(
            account: name, from: start, to: end, breakdown: breakdown, inclusion: inclusion.override)
        guard !chart.isEmpty else {
            services.terminal.print(
                "Nothing to chart: \(name == nil ? "no counted account has" : "\"\(chart.title)\" has") balance updates in that range."
            )
            return
        }
        let series = chart.lines.map { line in
            ChartSeries(name: line.name, points: line.points.map { ChartPoint(date: $0.date, y: $0.value.doubleValue) })
        }
        let currency = chart.currency
        let symbolic: @Sendable (Double) -> String = { value in
            NumberFormat.money(Amount(value, places: 0) ?? .zero, currency: currency, fractionDigits: 0)
        }
        if let svg {
            let document = SVGChart.dated(series: series, title: chart.title, yLabel: symbolic).render()
            try OutputDestination(path: svg).emit(document, to: services.terminal)
            services.terminal.print("Wrote the chart of \(chart.title) to \(svg).")
            return
        }
        let labelWidth = 14
        let width = max(20, min(100, services.terminal.width) - labelWidth - 3)
        let drawn = LineChart.dated(series: series, height: height, width: width, yLabel: symbolic)
        services.terminal.print(services.style.bold(chart.title))
        services.terminal.write(drawn.render(style: services.style))
    }
}
