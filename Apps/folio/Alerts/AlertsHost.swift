import AlertRules
import Alerting
import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Settings
import Timing

/// The host's side of alerts: the `alerts` namespace, the kinds the registry's plug-ins contribute, each
/// feature's context for its checks, and the webhook in force.
struct AlertsHost: Sendable {
    /// `alerts.webhook` in config.json, or `FOLIO_ALERTS_WEBHOOK`.
    static let webhookKey = ConfigKey("alerts.webhook", environment: "FOLIO_ALERTS_WEBHOOK")
    /// `web.publicURL` in config.json, or `FOLIO_WEB_PUBLIC_URL`: where the pages are reached from elsewhere (a
    /// phone opening a webhook's link), when that is not the address `folio serve` listens on.
    static let publicURLKey = ConfigKey("web.publicURL", environment: "FOLIO_WEB_PUBLIC_URL")
    /// The address `folio serve` listens on by default.
    static let defaultServeAddress = "http://127.0.0.1:8080"

    /// The pseudo-feature whose context owns the `alerts` namespace and posts webhooks.
    static let descriptor = FeatureDescriptor(
        id: AlertStore.namespace, summary: AlertsCommand.configuration.abstract, requirements: .all,
        command: AlertsCommand.self)

    let host: HostEnvironment
    let context: FeatureContext

    private init(host: HostEnvironment) throws {
        self.host = host
        context = try LiveContext.make(for: Self.descriptor, host: host)
    }

    /// The host's alerts, the namespace brought to its schema (the first run takes in the stocks feature's own
    /// price alerts, whether or not the feature is enabled now, so none is lost).
    static func start(_ host: HostEnvironment) async throws -> AlertsHost {
        try await prepared(host).alerts
    }

    /// ``start(_:)``, with the schema version the namespace had before (for `folio db migrate`).
    static func prepared(_ host: HostEnvironment) async throws -> (alerts: AlertsHost, before: Int) {
        let alerts = try AlertsHost(host: host)
        let registry = host.registry
        let before = try await alerts.store.prepare {
            var imported: [ImportedAlert] = []
            for (feature, contribution) in contributions(registry) {
                imported += try await contribution.imports(try LiveContext.make(for: feature, host: host))
            }
            return imported
        }
        return (alerts, before)
    }

    var store: AlertStore { AlertStore(store: context.store) }

    /// Every contribution of the registered plug-ins, with the feature it belongs to.
    static func contributions(
        _ registry: [FeatureDescriptor]
    ) -> [(feature: FeatureDescriptor, contribution: AlertContribution)] {
        registry.flatMap { feature in feature.alertKinds.map { (feature, $0) } }
    }

    /// The webhook: `--notify`, else the configuration; a plain-http URL to another machine is warned about.
    /// Its links are resolved against `web.publicURL`, else `served` (the address `folio serve` listens on).
    /// - Throws: ``FolioError`` (usage) for a malformed URL, naming where it came from.
    func webhook(notify: String?, served: String = AlertsHost.defaultServeAddress) throws -> Webhook? {
        let webhook: Webhook?
        if let notify {
            webhook = try Webhook(notify, origin: "--notify")
        } else if let configured = host.configuration.string(Self.webhookKey) {
            webhook = try Webhook(configured, origin: "\(host.configuration.source(of: Self.webhookKey))")
        } else {
            webhook = nil
        }
        if let warning = webhook?.warning { host.terminal.warn(warning) }
        guard var webhook else { return nil }
        webhook.linkBase = try linkBase(served: served)
        return webhook
    }

    /// `web.publicURL`, else `served`.
    /// - Throws: ``FolioError`` (usage) when `web.publicURL` is not an absolute http(s) URL, naming where it came from.
    private func linkBase(served: String) throws -> URL? {
        guard let configured = host.configuration.string(Self.publicURLKey) else { return URL(string: served) }
        guard let url = URL(string: configured.trimmingCharacters(in: .whitespaces)),
            ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false
        else {
            throw FolioError(
                .usage, "\(host.configuration.source(of: Self.publicURLKey)) \"\(configured)\" is not a public URL",
                why: "it is the absolute http or https address the pages are reached at",
                hint: "for example https://folio.example.net")
        }
        return url
    }

    /// The engine over every registered kind.
    func engine(webhook: Webhook?) -> AlertEngine {
        let sources = AlertEngine.Sources(
            kinds: Self.contributions(host.registry).map(\.contribution.kind),
            disabledFeatures: host.configuration.disabledFeatures, context: featureContext)
        return AlertEngine(store: store, sources: sources, http: context.http, webhook: webhook, timing: host.timing)
    }

    /// The context of a registered feature, which its kinds' checks, rates and forms read through.
    var featureContext: @Sendable (String) throws -> FeatureContext {
        let host = host
        return { featureID in
            guard let feature = host.registry.first(where: { $0.id == featureID }) else {
                throw FolioError(.internal, "no registered feature \(featureID)")
            }
            return try LiveContext.make(for: feature, host: host)
        }
    }

    /// Runs `folio alerts add KIND …`: stores the alert and says so.
    func run(_ command: any AlertAddCommand) async throws {
        let alert = try await add(command)
        host.terminal.print("Added alert #\(alert.id): \(alert.definition.summary).")
    }

    /// Stores the alert an `alerts add KIND` command asks for.
    /// - Throws: ``FolioError``: the kind's feature is disabled, or the command refused its options; nothing is stored.
    func add(_ command: any AlertAddCommand) async throws -> StoredAlert {
        let type = type(of: command)
        guard let feature = Self.contributions(host.registry).first(where: { $0.contribution.add == type })?.feature
        else {
            throw FolioError(.internal, "no registered feature contributes \(type)")
        }
        try admit(feature.id)
        let definition = try await command.definition(in: try LiveContext.make(for: feature, host: host))
        return try await store.add(definition, featureID: feature.id, at: host.timing.now())
    }

    /// Refuses a new alert of a disabled feature: it could never be checked.
    /// - Throws: ``FolioError`` (usage) naming the setting to change.
    func admit(_ featureID: String) throws { try Self.admit(featureID, host: host) }

    /// See ``admit(_:)``.
    static func admit(_ featureID: String, host: HostEnvironment) throws {
        guard host.configuration.disabledFeatures.contains(featureID) else { return }
        throw FolioError(
            .usage, "the \(featureID) feature is disabled", why: "its alerts cannot be checked",
            hint: "remove \(featureID) from disabledFeatures in \(host.home.appendingPathComponent("config.json").path)"
        )
    }

    /// What `folio serve`'s pages may do with the alerts, its firings going to `feed` and its additions to
    /// `newAlerts` (the served schedule's).
    func desk(feed: AlertFeed, newAlerts: NewAlerts? = nil) -> AlertDesk {
        let engine = engine(webhook: nil)
        let host = host
        return AlertDesk(
            store: store, feed: feed, timing: host.timing,
            kinds: Self.contributions(host.registry).map(\.contribution.kind), newAlerts: newAlerts,
            context: featureContext,
            problem: { alert in
                if case .failure(let refusal) = engine.kind(of: alert) { return refusal }
                return nil
            },
            admit: { featureID in try AlertsHost.admit(featureID, host: host) })
    }
}
