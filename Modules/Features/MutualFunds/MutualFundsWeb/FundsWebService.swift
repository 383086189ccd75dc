import Caching
import Failures
import FeatureKit
import FeatureWeb
import Foundation
import MutualFunds
import MutualFundsPortfolio

/// The funds service as every page and API route builds it: from the feature's context, with the server's page
/// policy (a stale copy at once while it is refreshed, an uncached scheme within the page's deadline, a failure
/// remembered instead of asked again on every view).
enum FundsWebService {
    /// The service for one request.
    /// - Throws: ``FolioError``: unavailable when the feature is disabled, usage for a malformed setting.
    static func make(_ environment: WebEnvironment) throws -> FundsService {
        guard let context = environment.featureContext else {
            throw FolioError(.unavailable, "the funds feature is not enabled")
        }
        let settings = try environment.settings.settings(FundsSettings.self, feature: "funds") {
            try FundsSettings(context.configuration)
        }
        return FundsService(
            http: context.http, store: context.store, timing: context.timing, settings: settings,
            page: environment.pagePolicy)
    }

    /// The portfolio service for one request, over ``make(_:)``'s fund data.
    /// - Throws: as ``make(_:)``.
    static func portfolio(_ environment: WebEnvironment) throws -> PortfolioService {
        PortfolioService(funds: try make(environment))
    }
}
