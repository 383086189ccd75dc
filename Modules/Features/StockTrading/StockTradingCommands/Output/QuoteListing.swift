import FeatureKit
import Foundation
import Money
import StockTrading
import Timing

/// A quote as JSON/CSV rows show it.
struct QuoteRow: Encodable {
    var symbol: String
    var name: String
    var sector: String
    var price: Amount
    @NullEncodable var previousClose: Amount?
    @NullEncodable var dailyChange: Amount?
    @NullEncodable var dailyChangeFraction: Amount?
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
        dailyChangeFraction = market.quote.changeFraction(places: 8)
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
                    .trend(Formatting.percent(quote.changeFraction()), sign: sign),
                ])
            }
            var text = table.render(style: context.style, maxWidth: context.terminal.width)
            text += Formatting.pricesLine(set, now: context.timing.now()) + "\n"
            if quotes.contains(where: \.isStale) { text += "* last known price, not current\n" }
            return text
        }
    }
}
