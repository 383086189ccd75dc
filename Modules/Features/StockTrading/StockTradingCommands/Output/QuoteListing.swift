import FeatureKit
import Foundation
import Money
import StockTrading
import Timing

/// Renders quotes as a table, JSON or CSV; shared by `quotes` and `watchlist list`.
enum QuoteListing {
    static func render(
        _ quotes: [QuoteRow], set: QuoteSet, format: OutputFormat, width: Int, context: FeatureContext
    ) throws -> String {
        switch format {
        case .json: return try JSONOutput.string(quotes)
        case .csv: return try CSVOutput.rows(quotes, columns: QuoteRow.columns)
        case .table:
            var table = TextTable(columns: [
                .text("SYMBOL"), .text("NAME", truncatable: true), .text("SECTOR", truncatable: true), .number("PRICE"),
                .number("CHANGE"), .number("CHANGE %"),
            ])
            for quote in quotes {
                let sign = quote.dailyChange.map(Formatting.sign) ?? 0
                table.append([
                    TextTable.Cell(quote.symbol), TextTable.Cell(quote.name), TextTable.Cell(quote.sector),
                    TextTable.Cell(Formatting.money(quote.price, quote.currency) + (quote.stale ? "*" : "")),
                    .trend(quote.dailyChange.map { Formatting.signedMoney($0, quote.currency) } ?? "—", sign: sign),
                    .trend(Formatting.percent(quote.dailyChangeFraction), sign: sign),
                ])
            }
            var text = table.render(style: context.style, maxWidth: width)
            text += Formatting.pricesLine(set, now: context.timing.now()) + "\n"
            if quotes.contains(where: \.stale) { text += "* last known price, not current\n" }
            return text
        }
    }
}
