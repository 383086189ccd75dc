import ArgumentParser
import FeatureKit
import Foundation
import StockTrading
import Timing

/// A quote as JSON/CSV rows show it.
struct QuoteRow: Encodable {
    var symbol: String
    var name: String
    var sector: String
    var price: Decimal
    @NullEncodable var previousClose: Decimal?
    @NullEncodable var dailyChange: Decimal?
    @NullEncodable var dailyChangeFraction: Decimal?
    var asOf: Date
    var stale: Bool

    static let columns = [
        "symbol", "name", "sector", "price", "previousClose", "dailyChange", "dailyChangeFraction", "asOf", "stale",
    ]

    init(_ market: MarketQuote) {
        symbol = market.quote.symbol
        name = market.quote.name
        sector = market.quote.sector
        price = market.quote.price
        previousClose = market.quote.previousClose
        dailyChange = market.quote.change
        dailyChangeFraction = Formatting.rate(market.quote.changeFraction)
        asOf = market.asOf
        stale = market.isStale
    }
}

/// Renders quotes as a table, JSON or CSV; shared by `quotes` and `watchlist list`.
enum QuoteListing {
    static func render(_ quotes: [MarketQuote], set: QuoteSet, format: OutputFormat, context: FeatureContext) throws -> String {
        switch format {
        case .json: return try JSONOutput.string(quotes.map(QuoteRow.init))
        case .csv: return try CSVOutput.rows(quotes.map(QuoteRow.init), columns: QuoteRow.columns)
        case .table:
            var table = TextTable(columns: [
                .text("SYMBOL"), .text("NAME", truncatable: true), .text("SECTOR", truncatable: true), .number("PRICE"),
                .number("CHANGE"), .number("CHANGE %"),
            ])
            for market in quotes {
                let quote = market.quote
                let sign = quote.change.map(Formatting.sign) ?? 0
                table.append([
                    TextTable.Cell(quote.symbol), TextTable.Cell(quote.name), TextTable.Cell(quote.sector),
                    TextTable.Cell(Formatting.money(quote.price) + (market.isStale ? "*" : "")),
                    .trend(quote.change.map(Formatting.signedMoney) ?? "—", sign: sign),
                    .trend(Formatting.percent(quote.changeFraction), sign: sign),
                ])
            }
            var text = table.render(style: context.style, maxWidth: context.terminal.width)
            text += Formatting.pricesLine(set, now: context.timing.now()) + "\n"
            if quotes.contains(where: \.isStale) { text += "* last known price, not current\n" }
            return text
        }
    }
}

struct QuotesCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "quotes",
        abstract: "Show current prices with the daily change.",
        discussion: """
            Daily change = price − previous close; change % = (price − previous close) / previous close. Prices \
            are refreshed when older than FOLIO_QUOTES_TTL (default 60s) or with --refresh; each refresh of the \
            simulated market moves every price by at most ±2% (never below half or above twice its starting \
            price). When the quotes source fails, the last known prices are shown marked stale with their age.

            Examples:
              folio stocks quotes
              folio stocks quotes AAPL TSLA --refresh --format json
            """)

    @Argument(help: "Symbols to show (all when none).")
    var symbols: [String] = []

    @Flag(help: "Fetch new prices now, whatever their age.")
    var refresh = false

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        let environment = try await StocksEnvironment.prepare(context)
        let set = try await environment.quotes(refresh: refresh)
        let wanted = symbols.isEmpty ? set.symbols : symbols.map { $0.uppercased() }
        let quotes = try await mapped { try wanted.map { try set.require($0) } }
        try formatting.emitDocument(try QuoteListing.render(quotes, set: set, format: formatting.format, context: context), to: context.terminal)
    }
}
