import ArgumentParser
import FeatureKit
import Foundation
import StockTrading
import Timing

/// A holding as JSON/CSV rows show it.
struct HoldingRow: Encodable {
    var symbol: String
    var name: String
    var sector: String
    var quantity: Int
    var averageCost: Decimal
    var costBasis: Decimal
    @NullEncodable var price: Decimal?
    var value: Decimal
    var unrealizedPL: Decimal
    @NullEncodable var unrealizedPLFraction: Decimal?
    @NullEncodable var weight: Decimal?
    @NullEncodable var priceAsOf: Date?
    var stale: Bool

    static let columns = [
        "symbol", "name", "sector", "quantity", "averageCost", "costBasis", "price", "value", "unrealizedPL",
        "unrealizedPLFraction", "weight", "priceAsOf", "stale",
    ]

    init(_ holding: HoldingValuation) {
        symbol = holding.symbol
        name = holding.name
        sector = holding.sector
        quantity = holding.quantity
        averageCost = Money.cents(holding.averageCost)
        costBasis = holding.costBasis
        price = holding.price
        value = holding.value
        unrealizedPL = holding.unrealizedPL
        unrealizedPLFraction = Formatting.rate(holding.unrealizedPLFraction)
        weight = Formatting.rate(holding.weight)
        priceAsOf = holding.priceAsOf
        stale = holding.isStale
    }
}

/// The portfolio as one JSON document.
struct PortfolioDocument: Encodable {
    struct Totals: Encodable {
        var holdingsValue: Decimal
        var cash: Decimal
        var totalValue: Decimal
        var invested: Decimal
        @NullEncodable var roi: Decimal?
        var costBasis: Decimal
        var unrealizedPL: Decimal
        var realizedPL: Decimal
    }

    var email: String
    var basis: String
    var pricesSource: String
    var pricesAsOf: Date
    var pricesStale: Bool
    var holdings: [HoldingRow]
    var totals: Totals

    init(_ valuation: PortfolioValuation, email: String, quotes: QuoteSet) {
        self.email = email
        basis = valuation.basis.rawValue
        pricesSource = quotes.source
        pricesAsOf = quotes.asOf
        pricesStale = quotes.isStale
        holdings = valuation.holdings.map(HoldingRow.init)
        totals = Totals(
            holdingsValue: valuation.holdingsValue, cash: valuation.cash, totalValue: valuation.totalValue,
            invested: valuation.invested, roi: Formatting.rate(valuation.roi), costBasis: valuation.costBasis,
            unrealizedPL: valuation.unrealizedPL, realizedPL: valuation.realizedPL)
    }
}

/// Values the logged-in user's portfolio and records the day's snapshot; shared by portfolio and analytics.
enum PortfolioLoader {
    static func load(
        _ environment: StocksEnvironment, session: Session, refresh: Bool, basis: CostBasisMethod
    ) async throws -> (PortfolioValuation, [LedgerEntry], QuoteSet) {
        let brokerage = environment.brokerage(session)
        let quotes = try await environment.quotes(refresh: refresh)
        let holdings = try await brokerage.holdings()
        let history = try await brokerage.history()
        try await brokerage.recordSnapshot(prices: quotes.prices)
        return (PortfolioValuation.make(holdings: holdings, history: history, quotes: quotes, basis: basis), history, quotes)
    }
}

struct PortfolioCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "portfolio",
        abstract: "Show your holdings valued at current prices, with P/L and totals.",
        discussion: """
            Value = quantity × price. Unrealized P/L = value − cost basis; P/L % = unrealized P/L / cost basis. \
            Weight = value / total value (cash included). Total value = holdings value + cash. Invested = \
            deposits − withdrawals (the opening cash is a deposit). ROI = (total value − invested) / invested. \
            Cost basis is the average cost unless --basis fifo (oldest shares sold first). Stale prices are \
            marked * with their age. Each run records today's value for the analytics chart.

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
        let environment = try await StocksEnvironment.prepare(context)
        let session = try await environment.session()
        let (valuation, _, quotes) = try await PortfolioLoader.load(
            environment, session: session, refresh: refresh, basis: basisOptions.basis)
        switch formatting.format {
        case .json:
            try formatting.emit(try JSONOutput.string(PortfolioDocument(valuation, email: session.email, quotes: quotes)), to: context.terminal)
        case .csv:
            try formatting.emitExact(try CSVOutput.rows(valuation.holdings.map(HoldingRow.init), columns: HoldingRow.columns), to: context.terminal)
        case .table:
            try formatting.emit(table(valuation, session: session, quotes: quotes, context: context), to: context.terminal)
        }
    }

    private func table(_ valuation: PortfolioValuation, session: Session, quotes: QuoteSet, context: FeatureContext) -> String {
        var text = "Portfolio of \(session.email) (\(valuation.basis == .fifo ? "FIFO" : "average cost") basis)\n\n"
        if valuation.holdings.isEmpty {
            text += "You hold no shares yet. Cash: \(Formatting.money(valuation.cash)).\n"
            text += "See prices with: folio stocks quotes — then buy with: folio stocks buy AAPL 1\n\n"
        } else {
            var columns: [TextTable.Column] = [.text("SYMBOL")]
            if details { columns += [.text("NAME", truncatable: true), .text("SECTOR", truncatable: true)] }
            columns += [
                .number("QTY"), .number("AVG COST"), .number("PRICE"), .number("VALUE"), .number("P/L"), .number("P/L %"),
                .number("WEIGHT"),
            ]
            var table = TextTable(columns: columns)
            for holding in valuation.holdings {
                let sign = Formatting.sign(holding.unrealizedPL)
                var row: [TextTable.Cell] = [TextTable.Cell(holding.symbol)]
                if details { row += [TextTable.Cell(holding.name), TextTable.Cell(holding.sector)] }
                row += [
                    TextTable.Cell(NumberFormat.decimal(Decimal(holding.quantity), fractionDigits: 0)),
                    TextTable.Cell(Formatting.money(holding.averageCost)),
                    TextTable.Cell(holding.price.map { Formatting.money($0) + (holding.isStale ? "*" : "") } ?? "no quote"),
                    TextTable.Cell(Formatting.money(holding.value)),
                    .trend(Formatting.signedMoney(holding.unrealizedPL), sign: sign),
                    .trend(Formatting.percent(holding.unrealizedPLFraction), sign: sign),
                    TextTable.Cell(Formatting.percent(holding.weight).replacingOccurrences(of: "+", with: "")),
                ]
                table.append(row)
            }
            let plSign = Formatting.sign(valuation.unrealizedPL)
            var footer: [TextTable.Cell] = [TextTable.Cell("Holdings")]
            if details { footer += ["", ""] }
            let holdingsWeight = valuation.totalValue == 0 ? nil : valuation.holdingsValue / valuation.totalValue
            footer += [
                "", "", "", TextTable.Cell(Formatting.money(valuation.holdingsValue)),
                .trend(Formatting.signedMoney(valuation.unrealizedPL), sign: plSign),
                .trend(Formatting.percent(valuation.costBasis == 0 ? nil : valuation.unrealizedPL / valuation.costBasis), sign: plSign),
                TextTable.Cell(Formatting.percent(holdingsWeight).replacingOccurrences(of: "+", with: "")),
            ]
            table.footer = [footer]
            text += table.render(style: context.style, maxWidth: context.terminal.width)
            text += "\n"
        }
        let roiSign = valuation.roi.map(Formatting.sign) ?? 0
        let lines: [(String, String)] = [
            ("Holdings value", Formatting.money(valuation.holdingsValue)),
            ("Cash", Formatting.money(valuation.cash)),
            ("Total value", Formatting.money(valuation.totalValue)),
            ("Invested", Formatting.money(valuation.invested) + "  (deposits − withdrawals)"),
            ("ROI", context.style.trend(Formatting.percent(valuation.roi), sign: roiSign)),
            ("Realized P/L", context.style.trend(Formatting.signedMoney(valuation.realizedPL), sign: Formatting.sign(valuation.realizedPL))),
        ]
        for (label, value) in lines { text += TextWidth.pad(label, to: 16, alignRight: false) + value + "\n" }
        text += "\n" + Formatting.pricesLine(quotes, now: context.timing.now()) + "\n"
        if valuation.holdings.contains(where: \.isStale) { text += "* last known price, not current\n" }
        return text
    }
}
