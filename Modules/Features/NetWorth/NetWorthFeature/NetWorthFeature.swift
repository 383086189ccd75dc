import FeatureHost
import NetWorthCommands
import NetWorthWeb

/// What the host registers for this feature: its terminal and web faces, as one value.
public enum NetWorthFeature {
    /// The feature's one line in the host's registry.
    public static let plugin = FeaturePlugin(commands: NetWorthPlugin.descriptor, web: NetWorthWeb.feature)
}
