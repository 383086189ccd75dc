import Caching
import Failures
import Foundation
import MarketData
import Money
import Networking
import Persistence
import Timing

/// Prices: the quote book the settings describe (the simulated market or an HTTP service), fetched as the
/// mode asks, falling back to the last known prices, marked stale, when the source is down.
public struct MarketService: Sendable {
    /// The book behind the service, for callers that drive it themselves (the alert monitor).
    public let book: QuoteBook
    private let settings: StocksSettings

    /// Creates the service.
    /// - Parameter page: A server's page policy for prices fetched over HTTP (``QuoteBook/init(store:source:timing:timeToLive:page:)``).
    public init(store: any KeyValueStore, http: any HTTPClient, timing: Timing, settings: StocksSettings, page: PagePolicy? = nil) {
        if let url = settings.quotesURL {
            book = QuoteBook(
                store: store, source: HTTPQuoteSource(http: http, url: url), timing: timing, timeToLive: settings.quotesTTL,
                page: page)
        } else {
            let market = SimulatedMarket(
                store: store, timing: timing, seed: settings.seed, stateKey: StorageKeys.marketState)
            book = QuoteBook(store: store, source: market, timing: timing, timeToLive: settings.quotesTTL)
        }
        self.settings = settings
    }

    /// Every listed quote, fresh or cached as `mode` asks.
    /// - Throws: ``FolioError``: unavailable when nothing is stored and the source is down, data error for a
    ///   nonsensical answer, usage when the configured URL answers 404.
    public func quotes(_ mode: FetchMode = .normal) async throws -> QuoteSet {
        do {
            return try await book.quotes(Self.mode(mode))
        } catch StockTradingError.quotesURLNotFound(let url, _) {
            throw FolioError(
                .usage, "\(url.absoluteString) answered 404 Not Found",
                why: "the service URL set by \(settings.quotesURLOrigin) looks wrong", hint: settings.quotesURLHint)
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// The quotes of `symbols` (every listed one when empty), in the order asked.
    /// - Throws: ``FolioError`` (invalid, field `symbol`) for a symbol the market does not list.
    public func listing(_ symbols: [String], mode: FetchMode = .normal) async throws -> Priced<[QuoteRow]> {
        let set = try await quotes(mode)
        let wanted = symbols.isEmpty ? set.symbols : symbols.map { $0.uppercased() }
        let rows: [QuoteRow]
        do {
            rows = try wanted.map { QuoteRow(try set.require($0)) }
        } catch {
            throw StockTradingError.translated(error)
        }
        return Priced(report: rows, quotes: set)
    }

    /// The stored prices without asking any source, for snapshots taken beside cash movements.
    func storedPrices() async -> [String: Amount] {
        (try? await book.quotes(.offline).prices) ?? [:]
    }

    private static func mode(_ mode: FetchMode) -> QuoteBook.Mode {
        switch mode {
        case .normal: .normal
        case .offline: .offline
        case .refresh: .refresh
        }
    }
}
