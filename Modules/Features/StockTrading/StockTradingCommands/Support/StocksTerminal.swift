import Caching
import Failures
import FeatureKit
import Foundation
import Persistence
import StockTrading
import Timing

/// The feature's services as the terminal builds them from the host's context, with ``StocksSettings`` read
/// from the configuration; says on stderr when prices are last known ones. Commands start with `let stocks = try await StocksTerminal.start(context)`.
struct StocksTerminal: Sendable {
    let context: FeatureContext
    let services: StockTradingServices

    /// Refuses an unusable configuration, then brings the store to the current schema.
    /// - Throws: ``FolioError`` (usage) for a bad `FOLIO_QUOTES_TTL` or `FOLIO_STOCKS_SEED`.
    static func start(_ context: FeatureContext) async throws -> StocksTerminal {
        let services = StockTradingServices(
            store: context.store, timing: context.timing,
            settings: try context.settings(StocksSettings.self, resolve: StocksSettings.init),
            marketData: context.marketData)
        try await services.prepare()
        return StocksTerminal(context: context, services: services)
    }

    /// The schema history, which needs no settings (`folio db migrate` runs it whatever the configuration).
    static func migrations(_ context: FeatureContext) -> [Migration] {
        AccountsService(store: context.store, hasher: PBKDF2PasswordHasher(), timing: context.timing).migrations
    }

    /// How fresh prices must be: `--offline` wins, then `--refresh`.
    func mode(refresh: Bool = false) -> FetchMode {
        context.offline ? .offline : refresh ? .refresh : .normal
    }

    /// The account logged in on this machine.
    func owner() async throws -> Session {
        try await services.accounts.current()
    }

    /// Warns on stderr when `quotes` are last known prices, with their age and why.
    func warnIfStale(_ quotes: QuoteSet) {
        guard quotes.isStale else { return }
        let age = Formatting.age(of: quotes.asOf, now: context.timing.now())
        var message =
            "prices are the last known from \(quotes.source), as of \(Formatting.timestamp(quotes.asOf)) (\(age) old)"
        if let failure = quotes.failure {
            message += " — \(failure)"
        } else if context.offline {
            message += " — --offline"
        }
        context.terminal.warn(message)
    }
}
