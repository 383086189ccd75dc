import FeatureKit
import Hummingbird

/// What a feature contributes to `folio serve`, from inside its own folder: its navigation entry, its pages
/// and JSON routes, a dashboard card and its part of the OpenAPI document. The feature's plug-in target joins it
/// with its commands into the one value the host registers.
public struct WebFeature: Sendable {
    /// The feature id (the same as its ``FeatureDescriptor/id``), used to run its commands.
    public var id: String
    /// The navigation entry.
    public var navigation: NavigationEntry
    /// Adds the feature's routes.
    public var routes: @Sendable (Router<WebRequestContext>, WebEnvironment) -> Void
    /// The card on the dashboard, if any (nil when there is nothing to show).
    public var dashboard: (@Sendable (WebEnvironment, WebRequestContext) async -> DashboardCard?)?
    /// The feature's OpenAPI path items, keyed by path (`/api/races/next`).
    public var openAPIPaths: [String: JSONValue]
    /// Work to run in the background while the server runs (none by default).
    public var backgroundJobs: [BackgroundJob] = []

    /// Creates a feature.
    public init(
        id: String, navigation: NavigationEntry, openAPIPaths: [String: JSONValue] = [:],
        dashboard: (@Sendable (WebEnvironment, WebRequestContext) async -> DashboardCard?)? = nil,
        routes: @escaping @Sendable (Router<WebRequestContext>, WebEnvironment) -> Void
    ) {
        self.id = id
        self.navigation = navigation
        self.routes = routes
        self.dashboard = dashboard
        self.openAPIPaths = openAPIPaths
    }
}
