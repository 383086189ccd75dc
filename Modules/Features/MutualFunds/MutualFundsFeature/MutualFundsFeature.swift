import FeatureHost
import MutualFundsCommands
import MutualFundsWeb

/// What the host registers for this feature: its terminal and web faces, as one value.
public enum MutualFundsFeature {
    /// The feature's one line in the host's registry.
    public static let plugin = FeaturePlugin(commands: MutualFundsPlugin.descriptor, web: MutualFundsWeb.feature)
}
