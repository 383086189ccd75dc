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
    /// The host's shared market data, when it gave one: past prices and corporate actions come only from it.
    public let marketData: MarketDataService?

    /// Creates the service.
    /// - Parameter page: A server's page policy for prices fetched over HTTP (``QuoteBook/init(store:source:timing:timeToLive:page:)``).
    /// - Parameter marketData: The host's shared market data; when given, prices come from it rather than from the
    ///   quotes URL or the feature's own simulated market.
    public init(
        store: any KeyValueStore, http: any HTTPClient, timing: Timing, settings: StocksSettings,
        page: PagePolicy? = nil, marketData: MarketDataService? = nil
    ) {
        if let marketData {
            book = QuoteBook(
                store: store, source: MarketDataQuoteSource(market: marketData), timing: timing,
                timeToLive: settings.quotesTTL, page: page)
        } else if let url = settings.quotesURL {
            book = QuoteBook(
                store: store, source: HTTPQuoteSource(http: http, url: url), timing: timing, timeToLive: settings.quotesTTL,
                page: page)
        } else {
            let market = SimulatedMarket(
                store: store, timing: timing, seed: settings.seed, stateKey: StorageKeys.marketState)
            book = QuoteBook(store: store, source: market, timing: timing, timeToLive: settings.quotesTTL)
        }
        self.settings = settings
        self.marketData = marketData
    }

    /// The price actually paid for `symbol` on `date`: the close of that day (or of the last trading day before it)
    /// times the ratios of the splits since, from daily bars fetched up to `today`.
    /// - Throws: ``FolioError``: usage without market data; not found (field `date`) when the provider has no close
    ///   on or before the day; refused (field `symbol`) for a price not in the account's currency; the provider's
    ///   refusal otherwise.
    public func pricePaid(_ symbol: String, on date: CalendarDate, today: CalendarDate, mode: FetchMode = .normal)
        async throws -> (day: CalendarDate, price: Amount)
    {
        let symbol = symbol.uppercased()
        guard let marketData else {
            throw FolioError(
                .usage, "no past price for \(symbol)", why: "past prices come from a market data provider",
                hint: "give the price, or choose a provider (market.provider)", field: "price")
        }
        let history: PriceHistory
        do {
            // A week before the day, so a weekend or holiday finds the trading day before it.
            history = try await marketData.history(
                symbol, from: date.adding(days: -7), to: today, mode: Self.marketMode(mode)).history
        } catch let error as MarketDataError {
            throw error.folioError
        }
        guard history.currency == MarketDataQuoteSource.accountCurrency else {
            throw FolioError(
                .refused, "cannot trade \(symbol) at its past price",
                why: "it is priced in \(history.currency) and accounts are in \(MarketDataQuoteSource.accountCurrency)",
                field: "symbol")
        }
        guard let paid = history.pricePaid(on: date), paid.day.days(to: date) <= 7 else {
            throw FolioError(
                .notFound, "no price for \(symbol) on \(date)",
                why: "\(marketData.providerName) has no close on or before it",
                hint: "give the price", field: "date")
        }
        return paid
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

    static func marketMode(_ mode: FetchMode) -> MarketDataService.Mode {
        switch mode {
        case .normal: .normal
        case .offline: .offline
        case .refresh: .refresh
        }
    }

    private static func mode(_ mode: FetchMode) -> QuoteBook.Mode {
        switch mode {
        case .normal: .normal
        case .offline: .offline
        case .refresh: .refresh
        }
    }
}
