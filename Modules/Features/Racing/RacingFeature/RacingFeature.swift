import FeatureHost
import RacingCommands
import RacingWeb

/// What the host registers for this feature: its terminal and web faces, as one value.
public enum RacingFeature {
    /// The feature's one line in the host's registry.
    public static let plugin = FeaturePlugin(commands: RacingPlugin.descriptor, web: RacingWeb.feature)
}
