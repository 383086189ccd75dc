import ArgumentParser
import FeatureCLI
import FeatureKit
import Foundation
import Money
import StockTrading

/// What `buy` and `sell` share: parse, trade through the service, report.
enum TradeRunner {
    static func run(
        side: TradeSide, symbol: String, quantity text: String, refresh: Bool, formatting: FormatOptions,
        context: FeatureContext
    ) async throws {
        let stocks = try await StocksTerminal.start(context)
        let owner = try await stocks.owner()
        let quantity = try TypedInput.quantity(text)
        let trade = try await stocks.services.trading.trade(
            side, symbol, quantity: quantity, for: owner, mode: stocks.mode(refresh: refresh))
        stocks.warnIfStale(trade.quotes)
        let row = trade.report
        if row.stalePrice {
            context.terminal.warn("trading \(row.symbol) at its last known price \(Formatting.money(row.price))")
        }
        switch formatting.format {
        case .json: try formatting.emit(try JSONOutput.string(row), to: context.terminal)
        case .csv: try formatting.emit(try CSVOutput.rows([row], columns: TradeReport.columns), to: context.terminal)
        case .table:
            let verb = side == .buy ? "Bought" : "Sold"
            var text =
                "\(verb) \(quantity) \(row.symbol) at \(Formatting.money(row.price)) for \(Formatting.money(row.amount))."
            if let realized = row.realizedPL {
                text +=
                    " Realized P/L: \(context.style.trend(Formatting.signedMoney(realized), sign: Formatting.sign(realized)))."
            }
            text += "\nCash: \(Formatting.money(row.cashAfter)). Position: \(row.positionQuantity) \(row.symbol)"
            text += row.positionQuantity > 0 ? " (average cost \(Formatting.money(row.positionAverageCost)))." : "."
            try formatting.emit(text, to: context.terminal)
        }
    }
}

struct BuyCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "buy",
        abstract: "Buy shares at the current price.",
        discussion: """
            Cost = quantity × price, rounded to the cent; it must not exceed your cash. The position's average \
            cost becomes (old cost + cost) / (old quantity + quantity). Cash, position and history change in one \
            transaction: a refused order (unknown symbol, quantity outside 1…1,000,000, insufficient cash) \
            changes nothing and exits 1.

            Examples:
              folio stocks buy AAPL 10
              folio stocks buy nvda 1 --refresh --format json
            """)

    @Argument(help: "The stock's symbol.", completion: Completions.symbols)
    var symbol: String

    @Argument(help: "Shares to buy: a whole number from 1 to 1,000,000.")
    var quantity: String

    @Flag(help: "Fetch a new price before trading, whatever the age of the current one.")
    var refresh = false

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        try await TradeRunner.run(
            side: .buy, symbol: symbol, quantity: quantity, refresh: refresh, formatting: formatting, context: context)
    }
}

struct SellCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "sell",
        abstract: "Sell shares at the current price.",
        discussion: """
            Proceeds = quantity × price, rounded to the cent. Realized P/L = proceeds − cost of the shares sold, \
            on the average-cost basis: cost sold = position cost × quantity / shares held (the whole cost when \
            selling out). You cannot sell more than you hold; a refused order changes nothing and exits 1.

            Examples:
              folio stocks sell AAPL 2
              folio stocks sell TSLA 1 --format json
            """)

    @Argument(help: "The stock's symbol.", completion: Completions.symbols)
    var symbol: String

    @Argument(help: "Shares to sell: a whole number from 1 to 1,000,000.")
    var quantity: String

    @Flag(help: "Fetch a new price before trading, whatever the age of the current one.")
    var refresh = false

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        try await TradeRunner.run(
            side: .sell, symbol: symbol, quantity: quantity, refresh: refresh, formatting: formatting, context: context)
    }
}
