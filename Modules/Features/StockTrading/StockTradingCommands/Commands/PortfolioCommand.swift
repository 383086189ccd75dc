import ArgumentParser
import FeatureCLI
import FeatureKit
import Foundation
import Money
import StockTrading
import Timing

struct PortfolioCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "portfolio",
        abstract: "Show your holdings valued at current prices, with P/L and totals.",
        discussion: """
            Value = quantity × price. Unrealized P/L = value − cost basis; P/L % = unrealized P/L / cost basis. \
            Weight = value / total value (cash included). Total value = holdings value + cash. Invested = \
            deposits − withdrawals (the opening cash is a deposit). ROI = (total value − invested) / invested. \
            Cost basis is the average cost unless --basis fifo (oldest shares sold first). Stale prices are \
            marked * with their age. Each run records today's value for the analytics chart. Figures are in the \
            account's currency (set at sign-up, USD by default): a symbol priced in another is converted at the \
            provider's current rate.

            Examples:
              folio stocks portfolio
              folio stocks portfolio --refresh --basis fifo --format json
            """)

    @Flag(help: "Fetch new prices now, whatever their age.")
    var refresh = false

    @Flag(help: "Add the company name and sector columns.")
    var details = false

    @OptionGroup var basisOptions: BasisOptions
    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        let stocks = try await StocksTerminal.start(context)
        let owner = try await stocks.owner()
        let priced = try await stocks.services.portfolio.portfolio(
            for: owner, basis: basisOptions.basis, mode: stocks.mode(refresh: refresh))
        stocks.warnIfStale(priced.quotes)
        try formatting.render(
            priced.report, to: context.terminal,
            csv: { try CSVOutput.rows(priced.report.holdings, columns: HoldingRow.columns) },
            table: { table(priced.report, quotes: priced.quotes, context: context) })
    }

    private func table(_ report: PortfolioReport, quotes: QuoteSet, context: FeatureContext) -> String {
        let totals = report.totals
        var text =
            "Portfolio of \(report.email) (\(report.basis == CostBasisMethod.fifo.rawValue ? "FIFO" : "average cost") basis, in \(report.currency))\n\n"
        if report.holdings.isEmpty {
            text += "You hold no shares yet. Cash: \(Formatting.money(totals.cash, report.currency)).\n"
            text += "See prices with: folio stocks quotes — then buy with: folio stocks buy AAPL 1\n\n"
        } else {
            var columns: [TextTable.Column] = [.text("SYMBOL")]
            if details { columns += [.text("NAME", truncatable: true), .text("SECTOR", truncatable: true)] }
            columns += [
                .number("QTY"), .number("AVG COST"), .number("PRICE"), .number("VALUE"), .number("P/L"),
                .number("P/L %"),
                .number("WEIGHT"),
            ]
            var table = TextTable(columns: columns)
            for holding in report.holdings {
                let sign = Formatting.sign(holding.unrealizedPL)
                var row: [TextTable.Cell] = [TextTable.Cell(holding.symbol)]
                if details { row += [TextTable.Cell(holding.name), TextTable.Cell(holding.sector)] }
                row += [
                    TextTable.Cell(NumberFormat.decimal(Amount(holding.quantity), fractionDigits: 0)),
                    TextTable.Cell(Formatting.money(holding.averageCost, report.currency)),
                    TextTable.Cell(
                        holding.price.map { Formatting.money($0, report.currency) + (holding.stale ? "*" : "") }
                            ?? "no quote"),
                    TextTable.Cell(Formatting.money(holding.value, report.currency)),
                    .trend(Formatting.signedMoney(holding.unrealizedPL, report.currency), sign: sign),
                    .trend(Formatting.percent(holding.unrealizedPLFraction), sign: sign),
                    TextTable.Cell(Formatting.percent(holding.weight).replacingOccurrences(of: "+", with: "")),
                ]
                table.append(row)
            }
            let plSign = Formatting.sign(totals.unrealizedPL)
            var footer: [TextTable.Cell] = [TextTable.Cell("Holdings")]
            if details { footer += ["", ""] }
            footer += [
                "", "", "", TextTable.Cell(Formatting.money(totals.holdingsValue, report.currency)),
                .trend(Formatting.signedMoney(totals.unrealizedPL, report.currency), sign: plSign),
                .trend(Formatting.percent(ReportFigures.rate(totals.unrealizedPL, of: totals.costBasis)), sign: plSign),
                TextTable.Cell(
                    Formatting.percent(ReportFigures.rate(totals.holdingsValue, of: totals.totalValue))
                        .replacingOccurrences(of: "+", with: "")),
            ]
            table.footer = [footer]
            text += table.render(style: context.style, maxWidth: formatting.tableWidth(on: context.terminal))
            text += "\n"
        }
        let roiSign = totals.roi.map(Formatting.sign) ?? 0
        let lines: [(String, String)] = [
            ("Holdings value", Formatting.money(totals.holdingsValue, report.currency)),
            ("Cash", Formatting.money(totals.cash, report.currency)),
            ("Total value", Formatting.money(totals.totalValue, report.currency)),
            ("Invested", Formatting.money(totals.invested, report.currency) + "  (deposits − withdrawals)"),
            ("ROI", context.style.trend(Formatting.percent(totals.roi), sign: roiSign)),
            (
                "Realized P/L",
                context.style.trend(
                    Formatting.signedMoney(totals.realizedPL, report.currency), sign: Formatting.sign(totals.realizedPL)
                )
            ),
        ]
        for (label, value) in lines { text += TextWidth.pad(label, to: 16, alignRight: false) + value + "\n" }
        text += "\n" + Formatting.pricesLine(quotes, now: context.timing.now()) + "\n"
        if report.holdings.contains(where: \.stale) { text += "* last known price, not current\n" }
        return text
    }
}
