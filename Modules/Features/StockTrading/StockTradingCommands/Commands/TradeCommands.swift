import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import MarketData
import Money
import StockTrading
import Timing

/// What `buy` and `sell` share: parse, trade through the service, report.
enum TradeRunner {
    static func run(
        side: TradeSide, symbol: String, quantity text: String, refresh: Bool, past: PastTradeOptions,
        formatting: FormatOptions, context: FeatureContext
    ) async throws {
        let stocks = try await StocksTerminal.start(context)
        let owner = try await stocks.owner()
        let quantity = try TypedInput.quantity(text)
        let mode = stocks.mode(refresh: refresh)
        let trade: Priced<TradeReport>
        if let date = try past.day() {
            trade = try await stocks.services.trading.trade(
                side, symbol, quantity: quantity, for: owner, on: date, price: try past.paid(), mode: mode)
        } else {
            trade = try await stocks.services.trading.trade(side, symbol, quantity: quantity, for: owner, mode: mode)
        }
        stocks.warnIfStale(trade.quotes)
        let row = trade.report
        if row.stalePrice, past.date == nil {
            context.terminal.warn(
                "trading \(row.symbol) at its last known price \(Formatting.money(row.price, row.priceCurrency))")
        }
        if let fx = row.fx, fx.isStale {
            context.terminal.warn("converting at the last known rate \(Formatting.rate(fx))")
        }
        switch formatting.format {
        case .json: try formatting.emit(try JSONOutput.string(row), to: context.terminal)
        case .csv: try formatting.emit(try CSVOutput.rows([row], columns: TradeReport.columns), to: context.terminal)
        case .table:
            let verb = side == .buy ? "Bought" : "Sold"
            let day = past.date.map { " on \($0)" } ?? ""
            let (price, amount) = (
                Formatting.money(row.price, row.priceCurrency), Formatting.money(row.amount, row.currency)
            )
            var text = "\(verb) \(quantity) \(row.symbol)\(day) at \(price) for \(amount)"
            text += row.fx.map { " (at \(Formatting.rate($0)))." } ?? "."
            if let realized = row.realizedPL {
                let pl = Formatting.signedMoney(realized, row.currency)
                text += " Realized P/L: \(context.style.trend(pl, sign: Formatting.sign(realized)))."
            }
            text +=
                "\nCash: \(Formatting.money(row.cashAfter, row.currency)). Position: \(row.positionQuantity) \(row.symbol)"
            text +=
                row.positionQuantity > 0
                ? " (average cost \(Formatting.money(row.positionAverageCost, row.currency)))." : "."
            try formatting.emit(text, to: context.terminal)
        }
    }
}

struct BuyCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "buy",
        abstract: "Buy shares at the current price, or record a buy made on an earlier day.",
        discussion: """
            Cost = quantity × price, rounded to the cent; it must not exceed your cash. The position's average \
            cost becomes (old cost + cost) / (old quantity + quantity). Cash, position and history change in one \
            transaction: a refused order (unknown symbol, quantity outside 1…1,000,000, insufficient cash) \
            changes nothing and exits 1. A symbol priced in another currency than the account's is bought at its \
            own price, converted at the provider's current exchange rate (GBPUSD=X), which the trade records; \
            with no rate the order is refused naming the pair and the provider.

            --date records a buy you made on an earlier day, in that day's shares, at --price or, without it, at \
            that day's close times the ratios of the splits since (the market's closes are adjusted for later \
            splits); later splits and dividends are then applied to it when the portfolio is read.

            Examples:
              folio stocks buy AAPL 10
              folio stocks buy AAPL 10 --date 2019-11-29
              folio stocks buy MSFT 3 --date 2021-03-01 --price 236.94
              folio stocks buy nvda 1 --refresh --format json
            """)

    @Argument(help: "The stock's symbol.", completion: Completions.symbols)
    var symbol: String

    @Argument(help: "Shares to buy: a whole number from 1 to 1,000,000.")
    var quantity: String

    @Flag(help: "Fetch a new price before trading, whatever the age of the current one.")
    var refresh = false

    @OptionGroup var past: PastTradeOptions

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        try await TradeRunner.run(
            side: .buy, symbol: symbol, quantity: quantity, refresh: refresh, past: past, formatting: formatting,
            context: context)
    }
}

struct SellCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "sell",
        abstract: "Sell shares at the current price, or record a sale made on an earlier day.",
        discussion: """
            Proceeds = quantity × price, rounded to the cent. Realized P/L = proceeds − cost of the shares sold, \
            on the average-cost basis: cost sold = position cost × quantity / shares held (the whole cost when \
            selling out). You cannot sell more than you hold; a refused order changes nothing and exits 1. \
            --date (and --price) record a sale made on an earlier day, as for buy.

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

    @OptionGroup var past: PastTradeOptions

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        try await TradeRunner.run(
            side: .sell, symbol: symbol, quantity: quantity, refresh: refresh, past: past, formatting: formatting,
            context: context)
    }
}

/// `--date` and `--price`: a trade made on an earlier day.
struct PastTradeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Record a trade made on this earlier day.", valueName: "YYYY-MM-DD"))
    var date: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The price paid per share that day (default: that day's close × the splits since).", valueName: "dollars"))
    var price: String?

    /// The day, when `--date` was given.
    /// - Throws: ``FolioError`` (invalid, field `date`); (usage, field `price`) for `--price` without `--date`.
    func day() throws -> CalendarDate? {
        guard let date else {
            if price != nil {
                throw FolioError(
                    .usage, "--price needs --date", why: "a trade today is made at the market's price",
                    hint: "add --date YYYY-MM-DD for a trade made on an earlier day", field: "price")
            }
            return nil
        }
        return try TypedInput.tradeDate(date)
    }

    /// The price given with `--price`.
    /// - Throws: ``FolioError`` (invalid, field `price`).
    func paid() throws -> Amount? {
        try price.map(TypedInput.tradePrice)
    }
}
