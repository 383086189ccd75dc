import FeatureHost
import StockTradingCommands
import StockTradingWeb

/// What the host registers for this feature: its terminal and web faces, as one value.
public enum StockTradingFeature {
    /// The feature's one line in the host's registry.
    public static let plugin = FeaturePlugin(commands: StockTradingPlugin.descriptor, web: StockTradingWeb.feature)
}
