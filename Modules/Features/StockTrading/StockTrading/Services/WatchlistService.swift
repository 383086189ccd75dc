import Caching
import Failures
import Foundation
import Persistence
import Timing

/// The symbols one account follows, with their prices.
public struct WatchlistService: Sendable {
    /// What adding symbols did.
    public struct Added: Codable, Sendable, Equatable {
        /// Symbols newly watched.
        public var added: [String]
        /// Symbols that were watched already.
        public var alreadyWatched: [String]
    }

    /// The watchlist priced: the rows `watchlist list --format json` prints, and the symbols the market has
    /// no price for.
    public struct Listing: Sendable, Equatable {
        /// Priced rows, by symbol.
        public var rows: [QuoteRow]
        /// Watched symbols without a price from the source.
        public var unpriced: [String]
    }

    private let store: any KeyValueStore
    private let timing: Timing
    private let market: MarketService

    /// Creates the service.
    public init(store: any KeyValueStore, timing: Timing, market: MarketService) {
        self.store = store
        self.timing = timing
        self.market = market
    }

    /// Watches `symbols`; all or nothing.
    /// - Throws: ``FolioError`` (invalid, field `symbol`) when one is not listed; nothing is added then.
    public func add(_ symbols: [String], for owner: Session) async throws -> Added {
        let quotes = try await market.quotes(including: symbols)
        let now = timing.now()
        do {
            let added = try await watchlist(owner).add(symbols, listed: quotes, at: now)
            let already = Set(symbols.map { $0.trimmingCharacters(in: .whitespaces).uppercased() }).subtracting(added)
                .sorted()
            return Added(added: added, alreadyWatched: already)
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// Stops watching `symbols`; all or nothing. Returns them as stored (upper case).
    /// - Throws: ``FolioError`` (not found, field `symbol`) when one is not watched; nothing is removed then.
    @discardableResult
    public func remove(_ symbols: [String], for owner: Session) async throws -> [String] {
        do {
            try await watchlist(owner).remove(symbols)
        } catch {
            throw StockTradingError.translated(error)
        }
        return symbols.map { $0.uppercased() }
    }

    /// What ``remove(_:for:)`` would stop watching, as stored (upper case), changing nothing: a page asks before
    /// removing, and a symbol that is not watched is refused at that first step.
    /// - Throws: ``FolioError`` (not found, field `symbol`) when one is not watched.
    public func watched(_ symbols: [String], for owner: Session) async throws -> [String] {
        let wanted = symbols.map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
        let watched = Set(try await self.symbols(for: owner))
        if let missing = wanted.first(where: { !watched.contains($0) }) {
            throw StockTradingError.translated(StockTradingError.notWatched(missing))
        }
        return wanted
    }

    /// The watched symbols, alphabetical, without prices.
    public func symbols(for owner: Session) async throws -> [String] {
        try await watchlist(owner).items().map(\.symbol)
    }

    /// The watchlist with current prices.
    public func list(for owner: Session, mode: FetchMode = .normal) async throws -> Priced<Listing> {
        let items = try await watchlist(owner).items()
        let quotes = try await market.quotes(mode, including: items.map(\.symbol))
        let rows = items.compactMap { quotes.quote(for: $0.symbol).map(QuoteRow.init) }
        let unpriced = items.map(\.symbol).filter { quotes.quote(for: $0) == nil }
        return Priced(report: Listing(rows: rows, unpriced: unpriced), quotes: quotes)
    }

    private func watchlist(_ owner: Session) -> Watchlist {
        Watchlist(store: store, userID: owner.userID)
    }
}
