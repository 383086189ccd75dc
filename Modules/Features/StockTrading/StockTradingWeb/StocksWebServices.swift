import Failures
import FeatureKit
import FeatureWeb
import Foundation
import StockTrading

/// The feature's services built from the context the host handed the server, with the settings read from
/// the same configuration keys as the terminal's and prices under the server's page policy.
enum StocksWebServices {
    static let quotesURLKey = ConfigKey("stocks.quotesURL", environment: "FOLIO_QUOTES_URL")
    static let quotesTTLKey = ConfigKey("stocks.quotesTTL", environment: "FOLIO_QUOTES_TTL", default: "60s")
    static let seedKey = ConfigKey("stocks.seed", environment: "FOLIO_STOCKS_SEED")

    /// The prepared services.
    /// - Parameter forTrading: Prices for an order: fetched as the terminal fetches them, since a trade must not go
    ///   through at a stale price only because a page may show one.
    /// - Throws: ``FolioError``: internal when the host enabled no `stocks` context, usage for bad settings.
    static func make(_ environment: WebEnvironment, forTrading: Bool = false) async throws -> StockTradingServices {
        guard let context = environment.context("stocks") else {
            throw FolioError(.internal, "the stocks feature has no context", why: "the host did not enable it for the server")
        }
        let configuration = context.configuration
        let origin = configuration.source(of: quotesURLKey)
        let settings = StocksSettings(
            quotesURL: configuration.string(quotesURLKey) != nil ? try configuration.url(quotesURLKey) : nil,
            quotesURLOrigin: "\(origin)", quotesURLHint: origin.isDefault ? nil : "check \(origin.setting)",
            quotesTTL: try configuration.duration(quotesTTLKey) ?? .seconds(60),
            seed: try configuration.value(
                seedKey, isNot: "a seed", expected: "should be a whole number from 0 to 18446744073709551615",
                parse: { UInt64($0.trimmingCharacters(in: .whitespaces)) }) ?? SimulatedMarket.defaultSeed)
        let services = StockTradingServices(
            store: context.store, http: context.http, timing: context.timing, settings: settings,
            page: forTrading ? nil : environment.pagePolicy)
        try await services.prepare()
        return services
    }
}
