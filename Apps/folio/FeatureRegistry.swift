import ETFAnalyzerFeature
import FeatureHost
import MutualFundsFeature
import NetWorthFeature
import RacingFeature
import StockTradingFeature

/// Every feature the host knows, each one value from its own folder (its commands, pages, alert kinds, value
/// sources, device-local records and aliases): registering a feature is one line here plus its line in
/// `Package.swift`. A test fails when a folder under `Modules/Features/` is missing from this list.
enum FeatureRegistry {
    /// The registered features, in `folio --help` order.
    static let all: [FeaturePlugin] = [
        MutualFundsFeature.plugin,
        StockTradingFeature.plugin,
        RacingFeature.plugin,
        NetWorthFeature.plugin,
        ETFAnalyzerFeature.plugin,
    ]

    /// The registry in force: ``all``, or the plug-ins a test put in place with `$current.withValue`.
    @TaskLocal static var current: [FeaturePlugin] = all
}
