import ArgumentParser
import FeatureCLI
import FeatureKit
import StockTrading

/// The `stocks` plug-in: a paper stock portfolio with local accounts, quotes, trades, history, watchlist,
/// alerts and analytics.
public enum StockTradingPlugin {
    /// What the host registers.
    public static let descriptor = FeatureDescriptor(
        id: "stocks",
        summary: StocksCommand.configuration.abstract,
        requirements: [.network, .persistence, .timing], command: StocksCommand.self,
        migrations: { StocksTerminal.migrations($0) },
        alertKinds: [StockAlerts.stock]
    )
    .contributing(valueSources: StocksValueSources.kinds)
    .keepingOnDevice(DeviceLocalRecords.keys)
    .accepting(aliases: [StocksAlertsAlias.alias])
}

struct StocksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stocks",
        abstract: "A paper stock portfolio: local accounts, quotes, trades, history, watchlist, alerts and analytics.",
        discussion: """
            Every account starts with paper cash ($10,000.00 unless `signup --cash` says otherwise) and trades \
            the market's stocks at its current prices. Prices come from a bundled simulated market (the StockPort \
            app's ten stocks, moving by a bounded random walk on each refresh) or, when FOLIO_QUOTES_URL is set, \
            from that HTTP service. A demo account, test@stockport.com / Test@123, holds AAPL 2 and TSLA 1.

            Environment: FOLIO_QUOTES_URL (HTTP quotes source), FOLIO_QUOTES_TTL (how long prices stay current, \
            default 60s), FOLIO_STOCKS_SEED (the simulated market's seed).

            Examples:
              folio stocks login --email test@stockport.com
              folio stocks buy AAPL 5 && folio stocks portfolio
            """,
        subcommands: [
            SignupCommand.self, LoginCommand.self, LogoutCommand.self, WhoamiCommand.self,
            DepositCommand.self, WithdrawCommand.self,
            QuotesCommand.self, BuyCommand.self, SellCommand.self,
            PortfolioCommand.self, HistoryCommand.self, WatchlistCommand.self,
            AnalyticsCommand.self,
        ])
}
