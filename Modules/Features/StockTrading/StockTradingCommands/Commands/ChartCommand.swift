import ArgumentParser
import FeatureCLI
import FeatureKit
import Foundation
import MarketData
import Money
import StockTrading
import Timing

extension ChartRange: ExpressibleByArgument {}

struct ChartCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "A symbol's price chart from daily closes, with its day change, dividends and splits.",
        discussion: """
            Closes are the provider's daily closes over the range (1m, 6m, 1y, 5y or max), adjusted for later \
            splits; day change = price − previous close; range change = (last close − first close) / first \
            close. Daily closes are stored and fetched again once per trading day; --offline draws what is \
            stored. Any symbol the provider lists can be charted (^GSPC, VOD.L), held or not; a held symbol \
            shows your position too.

            Examples:
              folio stocks chart AAPL
              folio stocks chart MSFT --range 5y --svg msft.svg
              folio stocks chart AAPL --range 1m --format csv
            """)

    @Argument(help: "The symbol.", completion: Completions.symbols)
    var symbol: String

    @Option(help: "How far back: 1m, 6m, 1y, 5y or max.")
    var range: ChartRange = .oneYear

    @Option(
        help: ArgumentHelp("Also write the chart as SVG to this file.", valueName: "file"),
        completion: .file(extensions: ["svg"]))
    var svg: String?

    @Flag(help: "Fetch a new price now, whatever its age.")
    var refresh = false

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        let stocks = try await StocksTerminal.start(context)
        let owner = try? await stocks.owner()
        let report = try await stocks.services.portfolio.symbol(
            symbol, range: range, for: owner, mode: stocks.mode(refresh: refresh))
        if report.stale {
            context.terminal.warn(
                "\(report.symbol)'s price is the last known from \(report.provider), as of "
                    + "\(Formatting.timestamp(report.priceAsOf))")
        }
        if let svg {
            let chart = SVGChart.dated(
                series: [Self.series(report)], title: "\(report.symbol) — \(report.range)",
                yLabel: { Self.axis($0, currency: report.currency) })
            try OutputDestination(path: svg).emit(chart.render(), to: context.terminal)
        }
        switch formatting.format {
        case .json: try formatting.emit(try JSONOutput.string(report), to: context.terminal)
        case .csv:
            try formatting.emit(try CSVOutput.rows(report.closes, columns: ["date", "close"]), to: context.terminal)
        case .table: try formatting.emit(Self.text(report, context: context), to: context.terminal)
        }
    }

    static func series(_ report: SymbolReport) -> ChartSeries {
        ChartSeries(
            name: report.symbol, points: report.closes.map { ChartPoint(date: $0.date, y: $0.close.doubleValue) })
    }

    static func axis(_ value: Double, currency: String) -> String {
        Amount(value, places: 0, rounding: .toNearestOrAwayFromZero).map { NumberFormat.money($0, currency: currency) }
            ?? "—"
    }

    static func text(_ report: SymbolReport, context: FeatureContext) -> String {
        let style = context.style
        let currency = report.currency
        let money: @Sendable (Amount) -> String = { NumberFormat.money($0, currency: currency) }
        var text = style.bold(report.name.map { "\(report.symbol) — \($0)" } ?? report.symbol)
        if let exchange = report.exchange { text += " (\(exchange), \(report.currency))" }
        text += "\n\(money(report.price))"
        if let change = report.dayChange {
            let sign = Formatting.sign(change)
            text +=
                "  "
                + style.trend(
                    NumberFormat.signedMoney(change, currency: report.currency)
                        + " (\(Formatting.percent(report.dayChangeFraction)))",
                    sign: sign) + " today"
        }
        text += "\n\n"
        if report.closes.count < 2 {
            text += "No chart: \(report.closes.count) daily close in the range.\n"
        } else {
            let width = max(20, min(70, context.terminal.width - 14))
            text += LineChart.dated(
                series: [series(report)], height: 10, width: width, yLabel: { axis($0, currency: report.currency) }
            ).render(style: style)
            let first = report.closes.first!, last = report.closes.last!
            text += "\n\(report.range): \(money(first.close)) on \(first.date) → \(money(last.close)) on \(last.date)"
            text += " (\(Formatting.percent(report.rangeChangeFraction)))\n"
        }
        if !report.dividends.isEmpty {
            text +=
                "\nDividends: "
                + report.dividends.map { "\($0.exDate) \(money($0.amountPerShare))" }.joined(separator: ", ") + "\n"
        }
        if !report.splits.isEmpty {
            text +=
                "\nSplits: "
                + report.splits.map { "\($0.date) \($0.numerator):\($0.denominator)" }.joined(separator: ", ") + "\n"
        }
        if let position = report.position {
            text +=
                "\nYou hold \(position.quantity) at \(money(position.averageCost)) average cost: worth "
                + "\(money(position.value)), "
                + style.trend(
                    NumberFormat.signedMoney(position.unrealizedPL, currency: "USD"),
                    sign: Formatting.sign(position.unrealizedPL))
                + " unrealized.\n"
        }
        text += "\nPrice from \(report.provider), as of \(Formatting.timestamp(report.priceAsOf))"
        text += report.stale ? " — STALE: last known price\n" : "\n"
        return text
    }
}
