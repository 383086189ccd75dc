import FeatureHost
import __NAME__Commands
import __NAME__Web

/// What the host registers for this feature: its terminal and web faces, as one value.
public enum __NAME__Feature {
    /// The feature's one line in the host's registry.
    public static let plugin = FeaturePlugin(commands: __NAME__Plugin.descriptor, web: __NAME__Web.feature)
}
