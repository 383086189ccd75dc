import FeatureCLI
import FeatureWeb

/// Everything one feature contributes to the host, as one value from its own folder: its commands, alert kinds,
/// value sources, schema history, device-local records and aliases (``commands``), and its pages, API routes,
/// dashboard card and background jobs (``web``).
///
/// The host's registry is a list of these and nothing else: registering a feature is one line there, and no
/// other file of the host names a feature. The two faces stay side by side (neither imports the other); this
/// value is the only place that holds both.
public struct FeaturePlugin: Sendable {
    /// The terminal's part: the root command and what the feature contributes to the host's commands.
    public let commands: FeatureDescriptor
    /// The pages and JSON routes of `folio serve`, if the feature has any.
    public let web: WebFeature?

    /// Creates a plug-in from its faces; both carry the same id (a registry test checks it).
    public init(commands: FeatureDescriptor, web: WebFeature? = nil) {
        self.commands = commands
        self.web = web
    }

    /// The feature's id: its root command, storage namespace and log label.
    public var id: String { commands.id }
}
