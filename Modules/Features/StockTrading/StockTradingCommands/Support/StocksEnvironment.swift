import FeatureKit
import Foundation
import Networking
import StockTrading
import Timing

/// The feature's services, built from the context the host hands over: the one place that decides which
/// market data source, hasher and settings are live.
struct StocksEnvironment: Sendable {
    static let quotesURLKey = ConfigKey("stocks.quotesURL", environment: "FOLIO_QUOTES_URL")
    static let quotesTTLKey = ConfigKey("stocks.quotesTTL", environment: "FOLIO_QUOTES_TTL", default: "60s")
    static let seedKey = ConfigKey("stocks.seed", environment: "FOLIO_STOCKS_SEED")

    let context: FeatureContext
    let accounts: AccountService
    let quoteBook: QuoteBook

    /// Builds the services and brings the store to the current schema (creating the demo account once).
    static func prepare(_ context: FeatureContext) async throws -> StocksEnvironment {
        let environment = try StocksEnvironment(context)
        try await mapped { try await environment.accounts.prepare() }
        return environment
    }

    private init(_ context: FeatureContext) throws {
        self.context = context
        accounts = AccountService(store: context.store, hasher: PBKDF2PasswordHasher(), timing: context.timing)
        let source: any MarketDataSource
        if context.configuration.string(Self.quotesURLKey) != nil {
            source = HTTPQuoteSource(http: context.http, url: try context.configuration.url(Self.quotesURLKey))
        } else {
            source = SimulatedMarket(store: context.store, timing: context.timing, seed: try Self.seed(context.configuration))
        }
        let ttl = try context.configuration.duration(Self.quotesTTLKey) ?? .seconds(60)
        quoteBook = QuoteBook(store: context.store, source: source, timing: context.timing, timeToLive: ttl)
    }

    private static func seed(_ configuration: Configuration) throws -> UInt64 {
        guard let text = configuration.string(seedKey) else { return SimulatedMarket.defaultSeed }
        guard let seed = UInt64(text.trimmingCharacters(in: .whitespaces)) else {
            throw FolioError(
                .usage, "FOLIO_STOCKS_SEED is not a seed", why: "\"\(text)\" should be a whole number from 0 to 18446744073709551615")
        }
        return seed
    }

    /// The logged-in user.
    func session() async throws -> Session {
        try await mapped { try await accounts.requireSession() }
    }

    /// The logged-in user's account.
    func brokerage(_ session: Session) -> Brokerage {
        Brokerage(store: context.store, timing: context.timing, userID: session.userID)
    }

    /// Quotes as `--refresh` and `--offline` ask; warns on stderr when they are last known prices.
    func quotes(refresh: Bool = false) async throws -> QuoteSet {
        let mode: QuoteBook.Mode = context.offline ? .offline : refresh ? .refresh : .normal
        let set = try await mapped { try await quoteBook.quotes(mode) }
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
func mapped<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as StockTradingError {
        throw error.folioError
    }
}

extension StockTradingError {
    /// The error as the host reports it, with its exit code.
    var folioError: FolioError {
        let kind: FolioError.Kind =
            switch category {
            case .refused: .refused
            case .unavailable: .unavailable
            case .dataError: .dataError
            }
        return FolioError(kind, what, why: why, hint: hint)
    }
}
