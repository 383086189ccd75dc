import ArgumentParser
import FeatureCLI
import FeatureKit
import Foundation
import StockTrading
import Timing

struct WatchlistCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watchlist",
        abstract: "Follow stocks you do not own.",
        discussion: """
            Examples:
              folio stocks watchlist add NVDA AMD
              folio stocks watchlist list
            """,
        subcommands: [WatchlistAddCommand.self, WatchlistRemoveCommand.self, WatchlistListCommand.self])
}

struct WatchlistAddCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add symbols to your watchlist.",
        discussion: """
            Every symbol must be listed by the market; if one is not, nothing is added. Symbols already watched \
            stay as they are.

            Examples:
              folio stocks watchlist add NVDA
              folio stocks watchlist add amd intc
            """)

    @Argument(help: "Symbols to watch.", completion: Completions.symbols)
    var symbols: [String]

    func validate() throws {
        if symbols.isEmpty { throw ValidationError("give at least one symbol") }
    }

    func run(in context: FeatureContext) async throws {
        let stocks = try await StocksTerminal.start(context)
        let owner = try await stocks.owner()
        let result = try await stocks.services.watchlist.add(symbols, for: owner)
        for line in WatchlistText.lines(result) { context.terminal.print(line) }
    }
}

struct WatchlistRemoveCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove symbols from your watchlist.",
        discussion: """
            Every symbol must be on the watchlist; if one is not, nothing is removed.

            Examples:
              folio stocks watchlist remove NVDA
              folio stocks watchlist remove AMD INTC
            """)

    @Argument(help: "Symbols to stop watching.", completion: Completions.symbols)
    var symbols: [String]

    func validate() throws {
        if symbols.isEmpty { throw ValidationError("give at least one symbol") }
    }

    func run(in context: FeatureContext) async throws {
        let stocks = try await StocksTerminal.start(context)
        let owner = try await stocks.owner()
        let removed = try await stocks.services.watchlist.remove(symbols, for: owner)
        context.terminal.print("Stopped watching \(removed.joined(separator: ", ")).")
    }
}

struct WatchlistListCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show your watchlist with current prices.",
        discussion: """
            Daily change = price − previous close; change % = (price − previous close) / previous close.

            Examples:
              folio stocks watchlist list
              folio stocks watchlist list --refresh --format csv
            """)

    @Flag(help: "Fetch new prices now, whatever their age.")
    var refresh = false

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        let stocks = try await StocksTerminal.start(context)
        let owner = try await stocks.owner()
        if formatting.format == .table, try await stocks.services.watchlist.symbols(for: owner).isEmpty {
            try formatting.emit(
                "Your watchlist is empty. Add symbols with: folio stocks watchlist add NVDA", to: context.terminal)
            return
        }
        let listing = try await stocks.services.watchlist.list(for: owner, mode: stocks.mode(refresh: refresh))
        stocks.warnIfStale(listing.quotes)
        let (rows, quotes) = (listing.report.rows, listing.quotes)
        if !listing.report.unpriced.isEmpty {
            context.terminal.warn(
                "no price for \(listing.report.unpriced.joined(separator: ", ")) from \(quotes.source)")
        }
        try formatting.emit(
            try QuoteListing.render(
                rows, set: quotes, format: formatting.format, width: formatting.tableWidth(on: context.terminal),
                context: context),
            to: context.terminal)
    }
}

/// What `watchlist add` says: the symbols newly watched and those watched already.
enum WatchlistText {
    static func lines(_ result: WatchlistService.Added) -> [String] {
        var lines: [String] = []
        if !result.added.isEmpty { lines.append("Watching \(result.added.joined(separator: ", ")).") }
        if !result.alreadyWatched.isEmpty {
            lines.append("Already watching \(result.alreadyWatched.joined(separator: ", ")).")
        }
        return lines
    }
}
