import AlertRules
import Alerting
import FeatureKitTesting
import Foundation
import Networking
import NetworkingAsyncHTTPClient
import NetworkingTesting
import Persistence
import Synchronization
import Testing
import Timing
import TimingTesting

@Suite("Webhook delivery: at least once, one key per firing")
struct DeliveryTests {
    private static func transport() -> AsyncHTTPClientTransport {
        AsyncHTTPClientTransport(configuration: .init(userAgent: "folio-tests"))
    }

    @Test("a webhook answering 500 three times then 200 receives one distinct key, through the retry policy")
    func retriedUntilTaken() async throws {
        // In process, so the retry policy's waits run on the manual clock alone (a real socket would race them).
        let statuses = Mutex([500, 500, 500, 200])
        let webhook = try Webhook("https://ntfy.example.com/folio", origin: "test")
        let receiver = StubHTTPClient { request in
            HTTPResponse(status: statuses.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }, url: request.url)
        }
        let clock = ManualClock()
        let timing = Timing.test(clock: clock)
        let http = RetryingHTTPClient(base: receiver, timing: timing, unitRandom: { 0 })
        let store = InMemoryDatabase().store(namespace: AlertStore.namespace)
        let source = ProbeSource()
        source.hold("below")
        _ = try await AlertStore(store: store).add(try Probe.definition(), featureID: "probe", at: Date())
        let engine = Probe.engine(store: store, source: source, http: http, webhook: webhook, timing: timing)
        let report = try await clock.drive(stepping: .milliseconds(100)) { try await engine.check() }
        #expect(report.fired.count == 1)
        #expect(report.delivered == report.fired.map(\.key))
        let keys = receiver.requests.map { $0.headers["Idempotency-Key"] ?? "" }
        #expect(keys.count == 4)
        #expect(Set(keys) == Set(report.fired.map(\.key)))
        #expect(receiver.requests.allSatisfy { $0.method == "POST" && $0.headers["Title"] == "probe below" })
        #expect(receiver.requests.first.map { String(decoding: $0.body ?? Data(), as: UTF8.self) } == "body of below")
        #expect(try await AlertStore(store: store).outbox().isEmpty)
    }

    @Test("a failed delivery stays in the outbox and the next check sends it, with the same key")
    func keptForNextCheck() async throws {
        let receiver = try await WebhookReceiver.start(answering: [404, 200])
        defer { Task { await receiver.server.stop() } }
        let transport = Self.transport()
        defer { Task { try? await transport.shutdown() } }
        let store = InMemoryDatabase().store(namespace: AlertStore.namespace)
        let source = ProbeSource()
        source.hold("below")
        _ = try await AlertStore(store: store).add(try Probe.definition(), featureID: "probe", at: Date())
        let engine = Probe.engine(store: store, source: source, http: transport, webhook: try receiver.webhook())
        let first = try await engine.check()
        #expect(first.fired.count == 1)
        #expect(first.delivered.isEmpty)
        // The 404 is what the receiver answered; on a starved parallel run the reason may instead say the answer was
        // not read in time. Either way the firing stays in the outbox, which is what this test is about.
        let url = try receiver.webhook().url.absoluteString
        #expect(first.undelivered.count == 1)
        #expect(first.undelivered.allSatisfy { $0.reason.contains(url) })
        let queued = try await AlertStore(store: store).outbox()
        #expect(queued.map(\.attempts) == [1])
        #expect(queued.first?.claimedBy == nil)
        let second = try await engine.check()
        #expect(second.fired.isEmpty)
        #expect(second.delivered == first.fired.map(\.key))
        #expect(receiver.log.keys == [first.fired[0].key, first.fired[0].key])
        #expect(try await AlertStore(store: store).outbox().isEmpty)
    }

    @Test("without a webhook nothing is queued")
    func noWebhook() async throws {
        let store = InMemoryDatabase().store(namespace: AlertStore.namespace)
        let source = ProbeSource()
        source.hold("below")
        _ = try await AlertStore(store: store).add(try Probe.definition(), featureID: "probe", at: Date())
        #expect(try await Probe.engine(store: store, source: source).check().fired.count == 1)
        #expect(try await AlertStore(store: store).outbox().isEmpty)
    }
}
