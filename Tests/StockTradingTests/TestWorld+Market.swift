import Foundation
import MarketData
import Persistence
import StockTrading

extension TestWorld {
    /// The feature's services over `providers` (a minute's quotes), prepared, in UTC.
    func services(providers: [any MarketDataProvider]) async throws -> StockTradingServices {
        let market = MarketDataService(
            providers: providers, store: database.store(namespace: "market"), timing: timing, quoteTTL: .seconds(60))
        let services = StockTradingServices(
            store: store, timing: timing, settings: StocksSettings(timeZone: utc), hasher: hasher, marketData: market)
        try await services.prepare()
        return services
    }
}
