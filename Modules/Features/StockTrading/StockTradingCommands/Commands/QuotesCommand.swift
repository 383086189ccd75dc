import ArgumentParser
import FeatureCLI
import FeatureKit
import Foundation
import StockTrading
import Timing

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

    @Argument(help: "Symbols to show (all when none).", completion: Completions.symbols)
    var symbols: [String] = []

    @Flag(help: "Fetch new prices now, whatever their age.")
    var refresh = false

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        let stocks = try await StocksTerminal.start(context)
        let listing = try await stocks.services.market.listing(symbols, mode: stocks.mode(refresh: refresh))
        stocks.warnIfStale(listing.quotes)
        try formatting.emit(
            try QuoteListing.render(listing.report, set: listing.quotes, format: formatting.format, context: context),
            to: context.terminal)
    }
}
