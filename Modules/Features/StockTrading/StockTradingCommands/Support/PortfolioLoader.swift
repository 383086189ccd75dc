import FeatureKit
import Foundation
import StockTrading

/// Values the logged-in user's portfolio and records the day's snapshot; shared by portfolio and analytics.
enum PortfolioLoader {
    static func load(
        _ services: StocksServices, session: Session, refresh: Bool, basis: CostBasisMethod
    ) async throws -> (PortfolioValuation, [LedgerEntry], QuoteSet) {
        let brokerage = services.brokerage(session)
        let quotes = try await services.quotes(refresh: refresh)
        let holdings = try await brokerage.holdings()
        let history = try await brokerage.history()
        try await mapped { try await brokerage.recordSnapshot(prices: quotes.prices) }
        let valuation = try await mapped {
            try PortfolioValuation.make(holdings: holdings, history: history, quotes: quotes, basis: basis)
        }
        return (valuation, history, quotes)
    }
}
