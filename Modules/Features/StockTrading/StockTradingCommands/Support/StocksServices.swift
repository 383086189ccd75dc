import Failures
import FeatureKit
import Foundation
import Money
import Networking
import StockTrading
import Timing

/// The feature's services, built from the context the host hands over: the one place that decides which
/// market data source, hasher and settings are live. Commands start with
/// `let services = StocksServices(context: context)` and `try await services.prepare()`.
struct StocksServices: Sendable {
    static let quotesURLKey = ConfigKey("stocks.quotesURL", environment: "FOLIO_QUOTES_URL")
    static let quotesTTLKey = ConfigKey("stocks.quotesTTL", environment: "FOLIO_QUOTES_TTL", default: "60s")
    static let seedKey = ConfigKey("stocks.seed", environment: "FOLIO_STOCKS_SEED")

    let context: FeatureContext
    let accounts: AccountService
    /// The quote book the configuration describes, or why the configuration is unusable.
    private let configuredQuoteBook: Result<QuoteBook, any Error>

    init(context: FeatureContext) {
        self.context = context
        accounts = AccountService(store: context.store, hasher: PBKDF2PasswordHasher(), timing: context.timing)
        configuredQuoteBook = Result { try Self.quoteBook(context) }
    }

    /// Refuses an unusable configuration, then brings the store to the current schema (creating the demo
    /// account once).
    func prepare() async throws {
        _ = try quoteBook
        try await mapped { try await accounts.prepare() }
    }

    /// Where prices come from.
    /// - Throws: ``FolioError`` (usage) for a bad `FOLIO_QUOTES_URL`, `FOLIO_QUOTES_TTL` or `FOLIO_STOCKS_SEED`.
    var quoteBook: QuoteBook {
        get throws { try configuredQuoteBook.get() }
    }

    private static func quoteBook(_ context: FeatureContext) throws -> QuoteBook {
        let source: any MarketDataSource
        if context.configuration.string(quotesURLKey) != nil {
            source = HTTPQuoteSource(http: context.http, url: try context.configuration.url(quotesURLKey))
        } else {
            source = SimulatedMarket(store: context.store, timing: context.timing, seed: try seed(context.configuration))
        }
        let ttl = try context.configuration.duration(quotesTTLKey) ?? .seconds(60)
        return QuoteBook(store: context.store, source: source, timing: context.timing, timeToLive: ttl)
    }

    private static func seed(_ configuration: Configuration) throws -> UInt64 {
        try configuration.value(
            seedKey, isNot: "a seed", expected: "should be a whole number from 0 to 18446744073709551615",
            parse: { UInt64($0.trimmingCharacters(in: .whitespaces)) }) ?? SimulatedMarket.defaultSeed
    }

    /// The logged-in user.
    func session() async throws -> Session {
        try await mapped { try await accounts.requireSession() }
    }

    /// The logged-in user's account.
    func brokerage(_ session: Session) -> Brokerage {
        Brokerage(store: context.store, timing: context.timing, userID: session.userID)
    }

    /// The logged-in user's alerts.
    func alerts(_ session: Session) -> AlertBook {
        AlertBook(store: context.store, userID: session.userID)
    }

    /// The logged-in user's watchlist.
    func watchlist(_ session: Session) -> Watchlist {
        Watchlist(store: context.store, userID: session.userID)
    }

    /// Quotes as `--refresh` and `--offline` ask; warns on stderr when they are last known prices.
    func quotes(refresh: Bool = false) async throws -> QuoteSet {
        let mode: QuoteBook.Mode = context.offline ? .offline : refresh ? .refresh : .normal
        let book = try quoteBook
        let set: QuoteSet
        do {
            set = try await book.quotes(mode)
        } catch StockTradingError.quotesURLNotFound(let url, _) {
            throw FolioError.configuredURLNotFound(url, source: context.configuration.source(of: Self.quotesURLKey))
        } catch let error as StockTradingError {
            throw error.folioError
        }
        if set.isStale {
            let age = Formatting.age(of: set.asOf, now: context.timing.now())
            var message = "prices are the last known from \(set.source), as of \(Formatting.timestamp(set.asOf)) (\(age) old)"
            if let failure = set.failure { message += " — \(failure)" } else if context.offline { message += " — --offline" }
            context.terminal.warn(message)
        }
        return set
    }
}

/// Runs `body`, turning the domain's refusals into the ``FolioError`` the host reports.
@discardableResult
func mapped<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as StockTradingError {
        throw error.folioError
    } catch let error as MoneyError {
        throw FolioError(.refused, "the figures are out of range", why: error.description)
    }
}

extension StockTradingError {
    /// The error as the host reports it, with its exit code.
    var folioError: FolioError {
        let kind: FolioError.Kind =
            switch (category, self) {
            case (.refused, .alertNotFound), (.refused, .notWatched): .notFound
            case (.refused, .insufficientCash), (.refused, .insufficientCashToWithdraw), (.refused, .insufficientShares),
                (.refused, .accountExists), (.refused, .notLoggedIn), (.refused, .sessionInvalid),
                (.refused, .invalidCredentials):
                .refused
            case (.refused, _): .invalid
            case (.unavailable, _): .unavailable
            case (.dataError, _): .dataError
            // A URL that answers "no such document" is wrong configuration, exit 64 like a malformed one.
            case (.configuration, _): .usage
            }
        return FolioError(kind, what, why: why, hint: hint)
    }
}
