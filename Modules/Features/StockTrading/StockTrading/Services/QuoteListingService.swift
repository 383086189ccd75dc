import Caching
import Failures
import Foundation
import MarketData

/// What `stocks quotes` (and the quotes page) lists when no symbol is named: the account's holdings and
/// watchlist, so a live market is asked for what the user follows (each symbol once per time to live) rather than
/// a list of ours; the bundled ten only on the simulated market, or when the user follows nothing, saying so.
public struct QuoteListingService: Sendable {
    /// A listing and, when it is not the user's own symbols, why.
    public struct Listing: Sendable {
        /// The quotes.
        public var priced: Priced<[QuoteRow]>
        /// Why the bundled ten are listed (nil when the listing is the symbols asked for or followed).
        public var note: String?
    }

    let market: MarketService
    let portfolio: PortfolioService
    let watchlist: WatchlistService

    /// `symbols` when given; else `owner`'s holdings and watchlist; else, or on the simulated market, the bundled
    /// ten.
    /// - Throws: what ``MarketService/listing(_:mode:)`` throws.
    public func listing(_ symbols: [String], for owner: Session?, mode: FetchMode = .normal) async throws -> Listing {
        guard symbols.isEmpty else { return Listing(priced: try await market.listing(symbols, mode: mode)) }
        let bundled = BundledStocks.all.map(\.symbol)
        guard market.book.pricesAnySymbol else {
            return Listing(
                priced: try await market.listing([], mode: mode),
                note: "the simulated market's ten stocks (name symbols to see others)")
        }
        var followed: [String] = []
        if let owner {
            do {
                let held = try await portfolio.heldSymbols(owner)
                let watched = try await watchlist.symbols(for: owner)
                followed = Array(Set(held + watched)).sorted()
            } catch {
                throw StockTradingError.translated(error)
            }
        }
        guard followed.isEmpty else { return Listing(priced: try await market.listing(followed, mode: mode)) }
        let why = owner == nil ? "no one is logged in" : "you hold and watch nothing yet"
        return Listing(
            priced: try await market.listing(bundled, mode: mode, required: false),
            note: "\(why): these are the bundled ten (add your own with: folio stocks watchlist add SYMBOL)")
    }
}
