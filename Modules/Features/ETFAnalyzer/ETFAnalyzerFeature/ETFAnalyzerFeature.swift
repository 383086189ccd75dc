import ETFAnalyzerCommands
import ETFAnalyzerWeb
import FeatureHost

/// What the host registers for this feature: its terminal and web faces, as one value.
public enum ETFAnalyzerFeature {
    /// The feature's one line in the host's registry.
    public static let plugin = FeaturePlugin(commands: ETFAnalyzerPlugin.descriptor, web: ETFAnalyzerWeb.feature)
}
