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
            With no symbol named, your holdings and watchlist are listed (the bundled ten on the simulated \
            market, or when you follow nothing), each asked of the provider once per FOLIO_QUOTES_TTL. Prices are \
            in each symbol's own currency. Daily change = price − previous close; change % = (price − previous close) / previous close. Prices \
            are refreshed when older than FOLIO_QUOTES_TTL (default 60s) or with --refresh; each refresh of the \
            simulated market moves every price by at most ±2% (never below half or above twice its starting \
            price). When the quotes source fails, the last known prices are shown marked stale with their age.

            Examples:
              folio stocks quotes
              folio stocks quotes AAPL TSLA --refresh --format json
            """)

    @Argument(help: "Symbols to show (your holdings and watchlist when none).", completion: Completions.symbols)
    var symbols: [String] = []

    @Flag(help: "Fetch new prices now, whatever their age.")
    var refresh = false

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        let stocks = try await StocksTerminal.start(context)
        let owner = try? await stocks.owner()
        let listed = try await stocks.services.quotes.listing(symbols, for: owner, mode: stocks.mode(refresh: refresh))
        let listing = listed.priced
        stocks.warnIfStale(listing.quotes)
        var text = try QuoteListing.render(
            listing.report, set: listing.quotes, format: formatting.format,
            width: formatting.tableWidth(on: context.terminal), context: context)
        if formatting.format == .table, let note = listed.note { text += "Listed: \(note).\n" }
        try formatting.emit(text, to: context.terminal)
    }
}
