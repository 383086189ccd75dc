import ETFAnalyzerWeb
import FeatureWeb
import MutualFundsWeb
import NetWorthWeb
import RacingWeb
import StockTradingWeb

/// Every feature's web pages, as ``FeatureRegistry`` lists its commands: adding a feature's pages is its
/// import and one line here (plus `web: true` on its line in `Package.swift`).
enum WebRegistry {
    /// The registered web features, in navigation order.
    static let all: [WebFeature] = [
        NetWorthWeb.feature,
        MutualFundsWeb.feature,
        StockTradingWeb.feature,
        RacingWeb.feature,
        ETFAnalyzerWeb.feature,
    ]
}
