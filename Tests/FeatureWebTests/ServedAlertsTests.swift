import FeatureKitTesting
import Foundation
import NetworkingTesting
import Testing
import TimingTesting

/// `folio serve` checks the alerts in the background and sends what fires to the configured webhook.
@Suite("folio serve, alerts in the background")
struct ServedAlertsTests {
    @Test(
        "an alert that holds is delivered to alerts.webhook while the server runs, once, and the server stops cleanly",
        .timeLimit(.minutes(10)))
    func deliveredWhileServing() async throws {
        let (keys, received) = AsyncStream.makeStream(of: (key: String, click: String).self)
        let webhook = try await LoopbackServer.start { request in
            received.yield((request.headers["idempotency-key"] ?? "", request.headers["click"] ?? ""))
            return LoopbackResponse(status: 200)
        }
        defer { Task { await webhook.stop() } }
        try await FolioBinary.withTemporaryHome { home in
            try await ServedAlertsTests.addHoldingAlert(home: home)
            let config = #"{"alerts.webhook": "\#(webhook.baseURL.absoluteString)/folio"}"#
            try Data(config.utf8).write(to: home.appendingPathComponent("config.json"))

            let server = try await ServeProcess.start(home: home, environment: [:])
            var delivered = keys.makeAsyncIterator()
            let first = await delivered.next()
            let key = first?.key
            #expect(key?.hasSuffix("-1") == true, "\(key ?? "nothing")")
            // `--port 0`: the link names the port the server was given (issue 40).
            let origin =
                server.baseURL.absoluteString.hasSuffix("/")
                ? String(server.baseURL.absoluteString.dropLast()) : server.baseURL.absoluteString
            #expect(first?.click.hasPrefix(origin + "/") == true, "\(first?.click ?? "no Click") for \(origin)")
            let metrics = await yieldUntil {
                (try? await server.get("/metrics").1.contains("folio_alert_deliveries_total{outcome=\"delivered\"} 1"))
                    == true
            }
            #expect(metrics, "the delivery is counted on /metrics")
            #expect(server.stop() == 0)
            // At least once: a loaded machine may time an attempt out and the retry repeats its key, which the
            // receiver drops; a second firing would carry a new key.
            let keysSent = Set(webhook.requests.map { $0.headers["idempotency-key"] ?? "" })
            #expect(keysSent == [key ?? ""], "fired once, delivered once: \(keysSent)")
            let list = try await FolioBinary.run(["alerts", "list", "--format", "csv"], home: home)
            #expect(list.stdout.contains(",fired,1"), "\(list.stdout)")
        }
    }

    /// A net worth of 1,000 and an alert above 1: it holds, so the server's first check fires it.
    static func addHoldingAlert(home: URL) async throws {
        let account = try await FolioBinary.run(
            ["networth", "accounts", "add", "--name", "Savings", "--type", "savings", "--balance", "1000"], home: home)
        try #require(account.exitCode == 0, "\(account.stderr)")
        let added = try await FolioBinary.run(["alerts", "add", "networth", "--above", "1"], home: home)
        try #require(added.exitCode == 0, "\(added.stderr)")
    }
}
