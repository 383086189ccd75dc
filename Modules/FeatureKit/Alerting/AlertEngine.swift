import AlertRules
import Failures
import FeatureKit
import Foundation
import Networking
import Timing

/// Checks every alert against its kind's source, commits what fired with the alert's new state in one
/// transaction, then delivers the outbox to the webhook (at least once: a failed delivery stays queued).
public struct AlertEngine: Sendable {
    /// What the engine needs from the host.
    public struct Sources: Sendable {
        /// Every kind the registered plug-ins contribute.
        public var kinds: [AlertKind]
        /// The features configuration disables: their alerts are reported, not checked.
        public var disabledFeatures: Set<String>
        /// The context a feature's checks run with.
        public var context: @Sendable (String) throws -> FeatureContext

        /// Creates the sources.
        public init(
            kinds: [AlertKind], disabledFeatures: Set<String>,
            context: @escaping @Sendable (String) throws -> FeatureContext
        ) {
            self.kinds = kinds
            self.disabledFeatures = disabledFeatures
            self.context = context
        }
    }

    private let store: AlertStore
    private let sources: Sources
    private let http: any HTTPClient
    private let webhook: Webhook?
    private let timing: Timing
    private let claimant: String

    /// Creates an engine.
    /// - Parameters:
    ///   - http: The client webhooks are posted through (the host's, with its retry policy).
    ///   - webhook: Where new firings are queued for; nil queues none (what is already queued is still sent).
    ///   - claimant: This process's name on the outbox entries it delivers.
    public init(
        store: AlertStore, sources: Sources, http: any HTTPClient, webhook: Webhook?, timing: Timing,
        claimant: String = UUID().uuidString
    ) {
        self.store = store
        self.sources = sources
        self.http = http
        self.webhook = webhook
        self.timing = timing
        self.claimant = claimant
    }

    /// The kind of `alert`, or why it cannot be checked.
    public func kind(of alert: StoredAlert) -> Result<AlertKind, FolioError> {
        guard let kind = sources.kinds.first(where: { $0.name == alert.definition.kind }) else {
            return .failure(
                FolioError(
                    .notFound, "no plug-in contributes \(alert.definition.kind) alerts",
                    why: "the \(alert.featureID) feature is not part of this folio"))
        }
        guard !sources.disabledFeatures.contains(kind.featureID) else {
            return .failure(
                FolioError(
                    .usage, "the \(kind.featureID) feature is disabled",
                    why: "config.json lists it under disabledFeatures"))
        }
        return .success(kind)
    }

    /// Checks the alerts `due` selects (all by default), tells `fired` what fired once it is stored, then
    /// delivers the outbox (a slow webhook never delays what a terminal shows).
    public func check(
        due: @Sendable (StoredAlert, AlertKind) -> Bool = { _, _ in true },
        fired firedNow: ([Firing]) -> Void = { _ in }
    ) async throws -> AlertCheckReport {
        let alerts = try await store.list()
        var readings: [Int: AlertReading] = [:]
        var notChecked: [AlertCheckReport.NotChecked] = []
        var nextChecks: [String: [Duration?]] = [:]
        for alert in alerts {
            let reading: AlertReading
            switch kind(of: alert) {
            case .failure(let refusal):
                notChecked.append(.init(alert, reason: refusal.line))
                continue
            case .success(let kind):
                guard due(alert, kind) else { continue }
                do {
                    reading = try await kind.check(alert.definition, try sources.context(kind.featureID))
                } catch {
                    nextChecks[kind.name, default: []].append(nil)
                    notChecked.append(.init(alert, reason: FolioError.from(error).line))
                    continue
                }
                nextChecks[kind.name, default: []].append(reading.nextCheck)
            }
            if reading.signals == nil {
                notChecked.append(.init(alert, reason: reading.note ?? "no news from its source"))
            }
            readings[alert.id] = reading
        }
        let now = timing.now()
        let fired = try await store.commit(readings, at: now, webhook: webhook?.url.absoluteString, claimant: claimant)
        if !fired.isEmpty { firedNow(fired) }
        let (delivered, undelivered) = try await deliver()
        return AlertCheckReport(
            checkedAt: now, fired: fired, notChecked: notChecked, delivered: delivered, undelivered: undelivered,
            nextChecks: nextChecks)
    }

    /// Each kind's rate, read from its feature's settings; a kind whose settings cannot be read gets `fallback`
    /// (its checks then report the setting at fault).
    public func rates(fallback: Duration = .seconds(60)) -> [String: Duration] {
        var rates: [String: Duration] = [:]
        for kind in sources.kinds {
            let rate = (try? kind.rate(try sources.context(kind.featureID))) ?? fallback
            rates[kind.name] = max(rate, .seconds(1))
        }
        return rates
    }

    /// Sends every outbox entry this process may claim to the webhook it was queued for.
    public func deliver() async throws -> (delivered: [String], undelivered: [AlertCheckReport.Undelivered]) {
        var delivered: [String] = []
        var undelivered: [AlertCheckReport.Undelivered] = []
        for entry in try await store.claimOutbox(claimant: claimant, at: timing.now()) {
            do {
                var target = try Webhook(entry.target, origin: "the queued webhook")
                target.linkBase = webhook?.linkBase
                try await target.deliver(entry.firing, over: http)
                try await store.delivered(entry.firing.key)
                delivered.append(entry.firing.key)
            } catch let error where !(error is CancellationError) {
                let reason = FolioError.from(error).line
                try await store.failed(entry.firing.key, reason: reason)
                undelivered.append(.init(key: entry.firing.key, title: entry.firing.title, reason: reason))
            }
        }
        return (delivered, undelivered)
    }
}

extension AlertCheckReport.NotChecked {
    init(_ alert: StoredAlert, reason: String) {
        self.init(alertId: alert.id, kind: alert.definition.kind, summary: alert.definition.summary, reason: reason)
    }
}
