import AlertRules
import Alerting
import Caching
import Failures
import FeatureKit
import Hummingbird
import Overview
import Timing

/// What every page handler may use: each feature's context (from which it builds its services), the page chrome, the shared ticker and clocks,
/// and the browser sessions. Built once by the host for the server's lifetime.
public struct WebEnvironment: Sendable {
    /// Each enabled feature's context as the host built it (its store, HTTP client, clocks, configuration), from
    /// which a page builds the feature's services.
    public var contexts: [String: FeatureContext]
    /// The page chrome.
    public var layout: Layout
    /// The one shared ticker for live pages (server-sent events).
    public var ticker: Ticker
    /// Clocks.
    public var timing: Timing
    /// How often live boards are fetched again.
    public var refresh: Duration
    /// Logged-in browsers: mount ``BrowserSessions/routes(_:)`` for the routes that use them.
    public var sessions: BrowserSessions
    /// How pages fetch: within `web.pageDeadline` (default 3 s), a stale copy shown at once while it is refreshed
    /// in the background, and failures remembered for `web.failureMemory` (default 30 s). Services built for a
    /// page pass it to their ``CachedFetch``.
    public var pagePolicy: PagePolicy
    /// The host's alerts (every feature's), nil when the host keeps none: the `/alerts` pages and the forms
    /// that add one use it.
    public var alerts: AlertDesk?
    /// Charts drawn for earlier views, reused while their points are unchanged.
    public var charts: RenderedCharts
    /// Each feature's settings, resolved once from its context's configuration.
    public var settings: ResolvedSettings
    /// The household's overview at the top of `/` and at `/api/overview`; nil when the host wires none.
    public var overview: OverviewService?

    /// Creates the environment.
    public init(
        contexts: [String: FeatureContext], layout: Layout, ticker: Ticker, timing: Timing,
        refresh: Duration = .seconds(30),
        sessions: BrowserSessions,
        pagePolicy: PagePolicy = PagePolicy(deadline: .seconds(3), memory: FailureMemory(duration: .seconds(30))),
        alerts: AlertDesk? = nil, charts: RenderedCharts = RenderedCharts(),
        settings: ResolvedSettings = ResolvedSettings()
    ) {
        self.contexts = contexts
        self.layout = layout
        self.ticker = ticker
        self.timing = timing
        self.refresh = refresh
        self.sessions = sessions
        self.pagePolicy = pagePolicy
        self.alerts = alerts
        self.charts = charts
        self.settings = settings
    }

    /// The feature whose routes and card this environment was handed to (``scoped(to:)``).
    public private(set) var featureID: String?

    /// The context of the feature whose routes and card this environment was handed to (its store, HTTP client,
    /// clocks, configuration): a feature reaches its own context without naming itself; nil outside a feature.
    public var featureContext: FeatureContext? { featureID.flatMap { contexts[$0] } }

    /// This environment as handed to feature `id`'s routes and dashboard card.
    public func scoped(to id: String) -> WebEnvironment {
        var scoped = self
        scoped.featureID = id
        return scoped
    }

    /// A whole page in the shared chrome.
    public func page(
        _ title: String, request: Request, context: WebRequestContext, status: HTTPResponse.Status = .ok,
        scripts: [String] = [], content: HTML
    ) -> Response {
        let document = layout.render(
            title: title, path: request.uri.path, content: content, flash: context.flash, scripts: scripts)
        return WebResponses.html(document, status: status)
    }

    /// The page for a command's refusal: its message and hint in a page's words (``PageWords``), with the status its
    /// kind calls for.
    public func failurePage(
        _ error: FolioError, title: String, request: Request, context: WebRequestContext
    ) -> Response {
        var content = Components.notice(PageWords.line(error), kind: "error")
        if let hint = PageWords.hint(error) { content += "<p class=\"hint\">\(hint)</p>" }
        return page(
            title, request: request, context: context, status: WebResponses.status(for: error), content: content)
    }
}
