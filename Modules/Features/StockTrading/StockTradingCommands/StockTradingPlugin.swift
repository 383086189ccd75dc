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
        requirements: [.network, .persistence, .timing, .marketData], command: StocksCommand.self,
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
            at the market's prices in US dollars. Prices come from Yahoo Finance by default (FOLIO_MARKET or \
            market.provider: yahoo, alphavantage, or simulated for a bundled practice market of ten stocks that \
            needs no network). A demo account, test@stockport.com / Test@123, holds AAPL 2 and TSLA 1.

            Environment: FOLIO_MARKET (yahoo, alphavantage, simulated), FOLIO_YAHOO_URL, FOLIO_ALPHAVANTAGE_KEY, \
            FOLIO_QUOTES_TTL (how long prices stay current, default 60s), FOLIO_STOCKS_SEED (the simulated \
            market's seed).

            Examples:
              folio stocks login --email test@stockport.com
              folio stocks buy AAPL 5 && folio stocks portfolio
            """,
        subcommands: [
            SignupCommand.self, LoginCommand.self, LogoutCommand.self, WhoamiCommand.self,
            DepositCommand.self, WithdrawCommand.self,
            QuotesCommand.self, ChartCommand.self, BuyCommand.self, SellCommand.self,
            PortfolioCommand.self, HistoryCommand.self, WatchlistCommand.self,
            AnalyticsCommand.self,
        ])
}
