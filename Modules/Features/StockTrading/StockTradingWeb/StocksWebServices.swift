import Failures
import FeatureKit
import FeatureWeb
import Foundation
import StockTrading

/// The feature's services built from the context the host handed the server, with the settings the terminal
/// reads too and prices under the server's page policy.
enum StocksWebServices {
    /// The prepared services.
    /// - Parameter forTrading: Prices for an order: fetched as the terminal fetches them, since a trade must not go
    ///   through at a stale price only because a page may show one.
    /// - Throws: ``FolioError``: internal when the host enabled no `stocks` context, usage for bad settings.
    static func make(_ environment: WebEnvironment, forTrading: Bool = false) async throws -> StockTradingServices {
        guard let context = environment.featureContext else {
            throw FolioError(
                .internal, "the stocks feature has no context", why: "the host did not enable it for the server")
        }
        let services = StockTradingServices(
            store: context.store, timing: context.timing,
            settings: try environment.settings.settings(StocksSettings.self, feature: "stocks") {
                try StocksSettings(context.configuration)
            }, page: forTrading ? nil : environment.pagePolicy, marketData: context.marketData)
        try await services.prepare()
        return services
    }
}
