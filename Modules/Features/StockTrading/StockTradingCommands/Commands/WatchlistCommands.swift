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
        let services = StocksServices(context: context)
        try await services.prepare()
        let session = try await services.session()
        let quotes = try await services.quotes()
        let watchlist = services.watchlist(session)
        let added = try await mapped { try await watchlist.add(symbols, listed: quotes, at: context.timing.now()) }
        let already = Set(symbols.map { $0.uppercased() }).subtracting(added).sorted()
        if !added.isEmpty { context.terminal.print("Watching \(added.joined(separator: ", ")).") }
        if !already.isEmpty { context.terminal.print("Already watching \(already.joined(separator: ", ")).") }
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
        let services = StocksServices(context: context)
        try await services.prepare()
        let session = try await services.session()
        let watchlist = services.watchlist(session)
        try await mapped { try await watchlist.remove(symbols) }
        context.terminal.print("Stopped watching \(symbols.map { $0.uppercased() }.joined(separator: ", ")).")
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
        let services = StocksServices(context: context)
        try await services.prepare()
        let session = try await services.session()
        let items = try await services.watchlist(session).items()
        if items.isEmpty && formatting.format == .table {
            try formatting.emit("Your watchlist is empty. Add symbols with: folio stocks watchlist add NVDA", to: context.terminal)
            return
        }
        let quotes = try await services.quotes(refresh: refresh)
        let known = items.compactMap { quotes.quote(for: $0.symbol) }
        let missing = items.map(\.symbol).filter { quotes.quote(for: $0) == nil }
        if !missing.isEmpty { context.terminal.warn("no price for \(missing.joined(separator: ", ")) from \(quotes.source)") }
        try formatting.emit(try QuoteListing.render(known, set: quotes, format: formatting.format, context: context), to: context.terminal)
    }
}
