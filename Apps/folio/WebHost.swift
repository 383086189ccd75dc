import AlertRules
import Alerting
import Caching
import Failures
import FeatureCLI
import FeatureKit
import FeatureWeb
import Overview
import Settings
import Timing

/// Builds the web server's environment from the host's: one context per enabled feature, built once and
/// shared by every request (one store, one HTTP client, one ticker), as `LiveContext` builds them.
enum WebHost {
    /// How long a page waits for an item nothing is saved of: `web.pageDeadline` in config.json.
    static let pageDeadlineKey = ConfigKey("web.pageDeadline", environment: "FOLIO_WEB_PAGE_DEADLINE", default: "3s")
    /// How long a failed fetch is remembered so page views do not wait for it again: `web.failureMemory`.
    static let failureMemoryKey = ConfigKey(
        "web.failureMemory", environment: "FOLIO_WEB_FAILURE_MEMORY", default: "30s")

    static func environment(
        host: HostEnvironment, refresh: Duration, alerts: AlertDesk, alertStore: AlertStore? = nil
    ) throws -> WebEnvironment {
        let ticker = Ticker(clock: host.timing.clock)
        let enabled = host.registry.filter { !host.configuration.disabledFeatures.contains($0.id) }
        let features = try enabled.map { descriptor in
            var context = try LiveContext.make(for: descriptor, host: host)
            context.ticker = ticker
            return (descriptor: descriptor, context: context)
        }
        let navigation = host.enabledWebFeatures.map(\.navigation) + [AlertsWeb.feature.navigation]
        let timing = host.timing
        let deadline = try host.configuration.duration(pageDeadlineKey) ?? .seconds(3)
        let memory = try host.configuration.duration(failureMemoryKey) ?? .seconds(30)
        // Every view waits on a deadline that is almost always cancelled: one shared sleeper for them all.
        let deadlines = CoalescingClock(timing.clock)
        let contexts = Dictionary(uniqueKeysWithValues: features.map { ($0.descriptor.id, $0.context) })
        var environment = WebEnvironment(
            contexts: contexts,
            layout: Layout(navigation: navigation, banner: AlertsWeb.banner), ticker: ticker,
            timing: timing, refresh: refresh,
            sessions: BrowserSessions(
                store: try host.database().store(
                    namespace: "web", opened: host.databases, home: host.home, timing: timing), now: { timing.now() }),
            pagePolicy: PagePolicy(deadline: deadline, memory: FailureMemory(duration: memory), clock: deadlines),
            alerts: alerts)
        // The overview reads each feature with the context its pages use, and every source once per view.
        let inputs = OverviewWiring.inputs(
            host: host, sources: ValueSourceWiring.directory(host: host), alerts: alertStore
        ) { descriptor in
            guard let context = contexts[descriptor.id] else {
                throw FolioError(.usage, "the \(descriptor.id) feature is disabled")
            }
            return context
        }
        environment.overview = OverviewService(
            inputs: inputs, now: { timing.now() }, patience: (limit: deadline, clock: deadlines))
        return environment
    }
}
