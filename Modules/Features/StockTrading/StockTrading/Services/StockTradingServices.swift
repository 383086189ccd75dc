import Caching
import Failures
import Foundation
import MarketData
import Networking
import Persistence
import Timing

/// Every use case of the feature, built from live kernels and a settings value: what the terminal, the
/// web face and any reusing app call. Inputs are already parsed; refusals are ``FolioError`` naming the
/// field to correct; results are report values that encode as the JSON the faces print.
///
/// ```swift
/// let services = StockTradingServices(store: store, timing: .live, settings: StocksSettings(), marketData: market)
/// try await services.prepare()
/// let me = try await services.accounts.authenticate(email: "test@stockport.com", password: "Test@123", client: nil)
/// let receipt = try await services.trading.trade(.buy, "AAPL", quantity: 2, for: me)
/// let portfolio = try await services.portfolio.portfolio(for: me).report
/// ```
public struct StockTradingServices: Sendable {
    /// Sign-up, login (throttled), logout and this machine's session.
    public let accounts: AccountsService
    /// Prices.
    public let market: MarketService
    /// Buys, sells, deposits and withdrawals.
    public let trading: TradingService
    /// Portfolio, analytics and history reports.
    public let portfolio: PortfolioService
    /// The watchlist.
    public let watchlist: WatchlistService
    /// What `stocks quotes` lists: the symbols named, else the account's holdings and watchlist.
    public var quotes: QuoteListingService {
        QuoteListingService(market: market, portfolio: portfolio, watchlist: watchlist)
    }
    /// Splits and dividends applied to holdings.
    public let corporateActions: CorporateActionsService
    /// The price alerts kept per account before the host kept them all, for its one-time import.
    public let legacyAlerts: LegacyAlertsService

    /// Builds the services over the feature's store (its `stocks` namespace), the clocks, the settings and the
    /// host's market data.
    /// - Parameters:
    ///   - page: For a server's pages: prices under its page policy (a stale copy at once, a deadline, a failure
    ///     remembered); nil for the terminal.
    ///   - marketData: The host's shared market data (Yahoo, Alpha Vantage or the simulated market); nil for the
    ///     feature's own simulated market.
    public init(
        store: any KeyValueStore, timing: Timing, settings: StocksSettings = StocksSettings(),
        hasher: any PasswordHashing = PBKDF2PasswordHasher(), page: PagePolicy? = nil,
        marketData: MarketDataService? = nil
    ) {
        let market = MarketService(store: store, timing: timing, settings: settings, page: page, marketData: marketData)
        self.market = market
        accounts = AccountsService(store: store, hasher: hasher, timing: timing, timeZone: settings.timeZone)
        trading = TradingService(store: store, timing: timing, timeZone: settings.timeZone, market: market)
        portfolio = PortfolioService(store: store, timing: timing, timeZone: settings.timeZone, market: market)
        watchlist = WatchlistService(store: store, timing: timing, market: market)
        corporateActions = CorporateActionsService(
            store: store, timing: timing, timeZone: settings.timeZone, market: market)
        legacyAlerts = LegacyAlertsService(store: store)
    }

    /// Brings the store to the current schema (creating the demo account once); call before any use case.
    public func prepare() async throws {
        do {
            try await accounts.prepare()
        } catch {
            throw StockTradingError.translated(error)
        }
    }
}
