import FeatureKitTesting
import Foundation
import NetworkingTesting
import Testing
import TimingTesting

/// A webhook that refuses the first delivery and takes the next: `/metrics` counts the failed attempt, the
/// delivered one and the retry, read from the exposition text parsed line by line.
@Suite("folio serve counts alert deliveries, failed and retried")
struct ServedAlertRetryTests {
    /// Whether the webhook takes deliveries yet: it refuses until the test has seen the refusal counted. (Refusing
    /// only the first request would not do: on a loaded machine the client can time an attempt out after the
    /// webhook answered and repeat it with the same key, so the second request would be taken with nothing failed.)
    final class Gate: @unchecked Sendable {
        private let lock = NSLock()
        private var open = false
        var isOpen: Bool { lock.withLock { open } }
        func openIt() { lock.withLock { open = true } }
    }

    @Test(
        "a delivery refused then taken: failed 1, delivered 1, one retry, on /metrics", .timeLimit(.minutes(10)))
    func failedThenDelivered() async throws {
        let gate = Gate()
        // 400 is not retried by the HTTP client, so a refused attempt fails as one attempt.
        let webhook = try await LoopbackServer.start { _ in
            LoopbackResponse(status: gate.isOpen ? 200 : 400)
        }
        defer { Task { await webhook.stop() } }
        try await FolioBinary.withTemporaryHome { home in
            try await ServedAlertsTests.addHoldingAlert(home: home)
            let config = #"{"alerts.webhook": "\#(webhook.baseURL.absoluteString)/folio"}"#
            try Data(config.utf8).write(to: home.appendingPathComponent("config.json"))
            let server = try await ServeProcess.start(home: home, environment: [:])
            defer { _ = server.stop() }

            let failed = try await yieldUntil { try await Self.counters(server).failed == 1 }
            let first = try await Self.counters(server)
            #expect(failed, "the refused delivery is counted: \(first)")
            #expect(first.delivered == 0 && first.retries == 0, "a first attempt is no retry: \(first)")
            gate.openIt()

            // An alert added on the page has the alerts checked at once, and the outbox delivered again.
            let browser = FormClient(baseURL: server.baseURL)
            let page = try await browser.get("/alerts")
            let once = try #require(ServedFolio.hiddenField("_once", in: page.body))
            let added = try await browser.post(
                "/alerts/add", fields: [("_once", once), ("kind", "networth"), ("above", "999999999")], from: page)
            #expect(added.status == 303)
            let delivered = try await yieldUntil { try await Self.counters(server).delivered == 1 }
            let counted = try await Self.counters(server)
            #expect(delivered, "the second attempt is delivered: \(counted)")
            #expect(counted.failed == 1 && counted.retries == 1, "\(counted)")
            #expect(
                webhook.requests.last?.headers["idempotency-key"] == webhook.requests.first?.headers["idempotency-key"],
                "the retry repeats the refused delivery's key")
        }
    }

    struct Counters: Equatable {
        var failed: Double = 0
        var delivered: Double = 0
        var retries: Double = 0
    }

    /// The delivery series of `/metrics`, parsed; a series not yet shown counts 0.
    static func counters(_ server: ServeProcess) async throws -> Counters {
        let (status, text) = try await server.get("/metrics")
        try #require(status == 200)
        var counters = Counters()
        for sample in try ServeOperationsTests.samples(text) {
            switch (sample.name, sample.labels["outcome"]) {
            case ("folio_alert_deliveries_total", "failed"): counters.failed = sample.value
            case ("folio_alert_deliveries_total", "delivered"): counters.delivered = sample.value
            case ("folio_alert_delivery_retries_total", nil): counters.retries = sample.value
            default: continue
            }
        }
        return counters
    }
}
