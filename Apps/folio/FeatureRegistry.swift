import ETFAnalyzerCommands
import FeatureCLI
import FeatureKit
import MutualFundsCommands
import NetWorthCommands
import RacingCommands
import StockTradingCommands

/// Every feature plug-in the host knows: registering a feature is one line here plus its line in
/// `Package.swift`. A test fails when a folder under `Modules/Features/` is missing from this list.
enum FeatureRegistry {
    /// The registered features, in `folio --help` order.
    static let all: [FeatureDescriptor] = [
        MutualFundsPlugin.descriptor,
        StockTradingPlugin.descriptor,
        RacingPlugin.descriptor,
        NetWorthPlugin.descriptor,
        ETFAnalyzerPlugin.descriptor,
    ]

    /// The registry in force: ``all``, or the plug-ins a test put in place with `$current.withValue`.
    @TaskLocal static var current: [FeatureDescriptor] = all
}
