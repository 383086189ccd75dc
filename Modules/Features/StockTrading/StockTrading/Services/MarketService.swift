import Caching
import Failures
import Foundation
import MarketData
import Money
import Networking
import Persistence
import Timing

/// Prices: the host's market data (Yahoo, Alpha Vantage or the simulated market, behind one cache and rate limit)
/// or, without it, the feature's own simulated market, through a quote book that falls back to the last known
/// prices, marked stale, when the source is down.
public struct MarketService: Sendable {
    /// The book behind the service, for callers that drive it themselves (the alert monitor).
    public let book: QuoteBook
    /// The host's shared market data, when it gave one: past prices and corporate actions come only from it.
    public let marketData: MarketDataService?
    let timing: Timing

    /// Creates the service.
    /// - Parameter page: A server's page policy for prices fetched over the network (``QuoteBook/init(store:source:timing:timeToLive:page:)``).
    /// - Parameter marketData: The host's shared market data; nil for the feature's own simulated market.
    public init(
        store: any KeyValueStore, timing: Timing, settings: StocksSettings, page: PagePolicy? = nil,
        marketData: MarketDataService? = nil
    ) {
        if let marketData {
            book = QuoteBook(
                store: store, source: MarketDataQuoteSource(market: marketData), timing: timing,
                timeToLive: settings.quotesTTL, page: page)
        } else {
            let market = SimulatedMarket(
                store: store, timing: timing, seed: settings.seed, stateKey: StorageKeys.marketState)
            book = QuoteBook(store: store, source: market, timing: timing, timeToLive: settings.quotesTTL)
        }
        self.marketData = marketData
        self.timing = timing
    }

    /// The price actually paid for `symbol` on `date`, in the symbol's currency: the close of that day (or of the
    /// last trading day before it) times the ratios of the splits since, from daily bars fetched up to `today`.
    /// - Throws: ``FolioError``: usage without market data; not found (field `date`) when the provider has no close
    ///   on or before the day; the provider's refusal otherwise.
    public func pricePaid(
        _ symbol: String, on date: CalendarDate, today: CalendarDate, mode: FetchMode = .normal
    )
        async throws -> PastPrice
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
                symbol, from: date.adding(days: -7), to: today, mode: Self.marketMode(mode)
            ).history
        } catch let error as MarketDataError {
            throw error.folioError
        }
        guard let paid = history.pricePaid(on: date), paid.day.days(to: date) <= 7 else {
            throw FolioError(
                .notFound, "no price for \(symbol) on \(date)",
                why: "\(marketData.providerName) has no close on or before it",
                hint: "give the price", field: "date")
        }
        return PastPrice(day: paid.day, price: paid.price, currency: history.currency)
    }

    /// Every listed quote, fresh or cached as `mode` asks.
    /// - Throws: ``FolioError``: unavailable when nothing is stored and the source is down, data error for a
    ///   nonsensical answer.
    public func quotes(_ mode: FetchMode = .normal) async throws -> QuoteSet {
        do {
            return try await book.quotes(Self.mode(mode))
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// Every listed quote as ``quotes(_:)`` gives them, plus `symbols` the listing lacks when the host's market data
    /// can price them (a real market lists far more than the feature's ten): each asked for once, under the
    /// market data's cache and limits.
    /// - Throws: ``FolioError``: what ``quotes(_:)`` throws; the provider's refusal for a symbol it cannot price
    ///   (not found for an unknown symbol).
    /// - Parameter required: Whether a symbol the provider refuses fails the whole set (false: it is left out, for a
    ///   list of ours such as the bundled ten).
    public func quotes(
        _ mode: FetchMode = .normal, including symbols: [String], required: Bool = true
    ) async throws -> QuoteSet {
        var set: QuoteSet
        do {
            set = try await book.quotes(Self.mode(mode), symbols: symbols)
        } catch {
            throw StockTradingError.translated(error)
        }
        guard let marketData else { return set }
        let missing = Set(symbols.map { $0.trimmingCharacters(in: .whitespaces).uppercased() })
            .filter { !$0.isEmpty && set.quote(for: $0) == nil }
        guard !missing.isEmpty else { return set }
        let results = await marketData.quotes(missing.sorted(), mode: Self.marketMode(mode))
        for symbol in missing.sorted() {
            switch results[symbol] {
            case .success(let reading):
                let quote = StockQuote(
                    symbol: symbol, name: reading.quote.name ?? symbol, sector: "Other", price: reading.quote.price,
                    previousClose: reading.quote.previousClose, currency: reading.quote.currency)
                set.quotes[symbol] = MarketQuote(quote: quote, asOf: reading.fetchedAt, isStale: reading.isStale)
                if reading.isStale {
                    // A stored price stands in: the set says so, with the oldest price's time and why.
                    set.isStale = true
                    set.asOf = min(set.asOf, reading.fetchedAt)
                    set.failure = set.failure ?? reading.failure
                }
            case .failure(let error):
                if required { throw error.folioError }
            case nil:
                continue
            }
        }
        return set
    }

    /// The quotes of `symbols` (every listed one when empty), in the order asked.
    /// - Throws: ``FolioError`` (invalid, field `symbol`) for a symbol the market does not list.
    /// - Parameter required: Whether every symbol must be priced (false: one the provider refuses is left out).
    public func listing(
        _ symbols: [String], mode: FetchMode = .normal, required: Bool = true
    ) async throws -> Priced<[QuoteRow]> {
        let set = try await quotes(mode, including: symbols, required: required)
        let wanted =
            symbols.isEmpty
            ? set.symbols : symbols.map { $0.uppercased() }.filter { required || set.quote(for: $0) != nil }
        let rows: [QuoteRow]
        do {
            rows = try wanted.map { QuoteRow(try set.require($0)) }
        } catch {
            throw StockTradingError.translated(error)
        }
        return Priced(report: rows, quotes: set)
    }

    /// The stored prices in `currency` without asking any source, for snapshots taken beside cash movements.
    func storedPrices(in currency: String) async -> [String: Amount] {
        guard let stored = try? await book.quotes(.offline) else { return [:] }
        return await converted(stored, to: currency, mode: .offline).prices
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

/// The price actually paid on an earlier day, in the symbol's currency.
public struct PastPrice: Sendable, Equatable {
    /// The trading day whose close it is.
    public var day: CalendarDate
    /// The close times the splits since.
    public var price: Amount
    /// The symbol's currency.
    public var currency: String
}
