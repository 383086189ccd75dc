import AlertRules
import Alerting
import FeatureKit
import FeatureKitTesting
import Foundation
import Networking
import NetworkingTesting
import Persistence
import Synchronization
import Timing
import TimingTesting

/// A kind whose source the test sets: what the next check reads.
final class ProbeSource: Sendable {
    private let reading = Mutex<AlertReading>(.holding([]))
    private let reads = Mutex(0)

    func set(_ value: AlertReading) { reading.withLock { $0 = value } }
    func hold(_ keys: String...) {
        set(.holding(keys.map { AlertSignal(key: $0, title: "probe \($0)", body: "body of \($0)", link: "/probe") }))
    }

    /// How many checks read the source.
    var readCount: Int { reads.withLock { $0 } }

    func kind(feature: String = "probe") -> AlertKind {
        AlertKind(name: "probe", featureID: feature, summary: "a probe", interval: .seconds(1)) { _, _ in
            self.reads.withLock { $0 += 1 }
            return self.reading.withLock { $0 }
        }
    }
}

/// The parameters a probe alert is stored with.
struct ProbeParameters: Codable, Sendable, Equatable {
    var level: Int
}

enum Probe {
    static func definition() throws -> AlertDefinition {
        try AlertDefinition(kind: "probe", parameters: ProbeParameters(level: 85), summary: "probe below 85")
    }

    static func engine(
        store: any KeyValueStore, source: ProbeSource, disabled: Set<String> = [],
        http: any HTTPClient = UnimplementedHTTPClient(), webhook: Webhook? = nil, timing: Timing = .test()
    ) -> AlertEngine {
        AlertEngine(
            store: AlertStore(store: store),
            sources: AlertEngine.Sources(
                kinds: [source.kind()], disabledFeatures: disabled, context: { FeatureContext.test(featureID: $0) }),
            http: http, webhook: webhook, timing: timing)
    }
}

/// What a loopback webhook received, answering from a script of statuses (the last one repeats).
final class WebhookLog: Sendable {
    private let state: Mutex<(statuses: [Int], keys: [String], titles: [String])>

    init(answering statuses: [Int]) { state = Mutex((statuses, [], [])) }

    func answer(_ request: LoopbackRequest) -> LoopbackResponse {
        let status = state.withLock { state in
            state.keys.append(request.headers["idempotency-key"] ?? "")
            state.titles.append(request.headers["title"] ?? "")
            return state.statuses.count > 1 ? state.statuses.removeFirst() : state.statuses[0]
        }
        return LoopbackResponse(status: status)
    }

    /// Every Idempotency-Key received, in order (repeats included).
    var keys: [String] { state.withLock { $0.keys } }
    /// Every Title received, in order.
    var titles: [String] { state.withLock { $0.titles } }
}

/// A loopback webhook: the server and its log.
struct WebhookReceiver {
    let log: WebhookLog
    let server: LoopbackServer

    static func start(answering statuses: [Int] = [200]) async throws -> WebhookReceiver {
        let log = WebhookLog(answering: statuses)
        let server = try await LoopbackServer.start { log.answer($0) }
        return WebhookReceiver(log: log, server: server)
    }

    func webhook() throws -> Webhook {
        var webhook = try Webhook(server.baseURL.absoluteString + "/folio-alerts", origin: "test")
        // A full parallel run on two cores can starve this in-process receiver for many seconds; a POST that
        // timed out would be sent again and counted twice. No test here is about timeouts.
        webhook.timeout = .seconds(600)
        return webhook
    }
}
