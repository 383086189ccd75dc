import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing
import TimingTesting

@Suite("folio serve operations: health, metrics, access log, outages")
struct ServeOperationsTests {
    let seed = "browser-seed"
    var formHeaders: HTTPFields {
        [
            HTTPField.Name("Host")!: "localhost", .cookie: "\(CSRF.cookieName)=\(seed)",
            .contentType: "application/x-www-form-urlencoded",
        ]
    }
    func form(_ text: String) -> ByteBuffer {
        ByteBuffer(string: "\(CSRF.fieldName)=\(CSRF.token(seed: seed, secret: testSecret))&\(text)")
    }

    @Test("/healthz is 200 with the store and each upstream while the store answers, 503 with Retry-After when not")
    func healthFlips() async throws {
        let harness = OperationsHarness()
        harness.operations.upstreams.record(host: "api.mfapi.in", failure: "HTTP 502")
        try await harness.application().test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get, headers: localhost) { response in
                #expect(response.status == .ok)
                let body = try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any]
                #expect(body?["status"] as? String == "ok")
                #expect((body?["store"] as? [String: Any])?["up"] as? Bool == true)
                let upstream = (body?["upstreams"] as? [String: Any])?["api.mfapi.in"] as? [String: Any]
                #expect(upstream?["up"] as? Bool == false && upstream?["reason"] as? String == "HTTP 502")
            }
            harness.store.set(down: true)
            try await client.execute(uri: "/healthz", method: .get, headers: localhost) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.retryAfter] == "2")
                #expect(response.text.contains("connection refused"))
            }
        }
    }

    @Test("while the store is down every page and API route answers 503 with Retry-After, never a login redirect")
    func outageAnswers() async throws {
        let harness = OperationsHarness()
        try await harness.application().test(.router) { client in
            harness.store.set(down: true)
            // The first request meets the outage itself: its handler's redirect to a login page is replaced.
            try await client.execute(uri: "/items", method: .get, headers: localhost) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.retryAfter] != nil)
                #expect(response.text.contains("Folio is degraded") && response.text.contains("connection refused"))
            }
            #expect(harness.operations.store.isDown)
            let reachedBefore = harness.store.reached
            for uri in ["/", "/items", "/api/items"] {
                try await client.execute(uri: uri, method: .get, headers: localhost) { response in
                    #expect(response.status == .serviceUnavailable, "\(uri)")
                    #expect(response.headers[.retryAfter] == "2", "\(uri)")
                }
            }
            try await client.execute(uri: "/api/items", method: .get, headers: localhost) { response in
                #expect(response.headers[.contentType] == "application/problem+json")
                #expect(response.text.contains("\"kind\" : \"unavailable\""))
            }
            // Fail fast: none of those reached the store; only the probe will.
            #expect(harness.store.reached == reachedBefore)
            // Probes and assets are still answered.
            try await client.execute(uri: "/metrics", method: .get, headers: localhost) { #expect($0.status == .ok) }
            try await client.execute(uri: "/assets/folio.css", method: .get, headers: localhost) {
                #expect($0.status == .ok)
            }
        }
        #expect(harness.log.messages(at: .warning).filter { $0.contains("database is down") }.count == 1)
    }

    @Test("a form posted during an outage comes back typed, in a form that posts it again, passwords left out")
    func formKept() async throws {
        let harness = OperationsHarness()
        try await harness.application().test(.router) { client in
            harness.store.set(down: true)
            try await client.execute(
                uri: "/items", method: .post, headers: formHeaders, body: form("name=Gold+%26+Silver&password=hunter2")
            ) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.text.contains("value=\"Gold &amp; Silver\""))
                #expect(response.text.contains("action=\"/items\""))
                #expect(!response.text.contains("hunter2"))
            }
            try await client.execute(uri: "/items", method: .post, headers: formHeaders, body: form("name=Second")) {
                #expect($0.status == .serviceUnavailable)
                #expect($0.text.contains("value=\"Second\""))
            }
        }
    }

    @Test("after the first failure the probe retries on the clock; its first success serves again, logged once")
    func recovery() async throws {
        let harness = OperationsHarness()
        try await harness.application().test(.router) { client in
            harness.store.set(down: true)
            try await client.execute(uri: "/items", method: .get, headers: localhost) {
                #expect($0.status == .serviceUnavailable)
            }
            await harness.clock.waitForSleepers()
            await harness.clock.advance(by: harness.operations.store.probeInterval)
            await harness.clock.waitForSleepers()
            #expect(harness.operations.store.isDown)
            harness.store.set(down: false)
            await harness.clock.advance(by: harness.operations.store.probeInterval)
            #expect(await yieldUntil { !harness.operations.store.isDown })
            try await client.execute(uri: "/items", method: .get, headers: localhost) { #expect($0.status == .ok) }
            try await client.execute(uri: "/healthz", method: .get, headers: localhost) { #expect($0.status == .ok) }
        }
        let warnings = harness.log.messages(at: .warning)
        #expect(warnings.filter { $0.contains("database is down") }.count == 1)
        #expect(warnings.filter { $0.contains("answers again") }.count == 1)
    }

    @Test("a committed write is answered as the handler answered, whatever happens to the store after it")
    func committedStands() async throws {
        let harness = OperationsHarness()
        try await harness.application().test(.router) { client in
            try await client.execute(uri: "/items", method: .post, headers: formHeaders, body: form("name=Kept")) {
                #expect($0.status == .seeOther)
            }
            try await client.execute(uri: "/api/items", method: .get, headers: localhost) {
                #expect($0.text.contains("Kept"))
            }
        }
    }

    @Test("/metrics parses as Prometheus text: requests by route pattern and status, store transactions")
    func metrics() async throws {
        let harness = OperationsHarness()
        try await harness.application().test(.router) { client in
            try await client.execute(uri: "/items/122639", method: .get, headers: localhost) {
                #expect($0.status == .ok)
            }
            try await client.execute(uri: "/items/120505", method: .get, headers: localhost) {
                #expect($0.status == .ok)
            }
            try await client.execute(uri: "/api/items", method: .get, headers: localhost) { #expect($0.status == .ok) }
            try await client.execute(uri: "/nowhere", method: .get, headers: localhost) {
                #expect($0.status == .notFound)
            }
            try await client.execute(uri: "/metrics", method: .get, headers: localhost) { response in
                #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
                let samples = try Self.samples(response.text)
                let byRoute = samples.filter { $0.name == "folio_http_requests_total" && $0.labels["status"] == "200" }
                #expect(byRoute.first { $0.labels["route"] == "/items/{code}" }?.value == 2)
                #expect(!samples.contains { $0.labels["route"]?.contains("122639") == true }, "patterns, not paths")
                let notFound = samples.filter { $0.name == "folio_http_requests_total" && $0.labels["status"] == "404" }
                #expect(notFound.count == 1 && notFound.allSatisfy { $0.labels["route"]?.contains("nowhere") == false })
                #expect(samples.contains { $0.name == "folio_http_request_duration_seconds_count" })
                #expect(
                    samples.first { $0.name == "folio_store_transactions_total" && $0.labels["kind"] == "read" }?.value
                        ?? 0
                        >= 1)
                #expect(samples.first { $0.name == "folio_store_up" }?.value == 1)
            }
        }
    }

    @Test("one access-log line per request: method, route pattern, status, duration; no cookie, token or form value")
    func accessLog() async throws {
        let harness = OperationsHarness()
        try await harness.application().test(.router) { client in
            try await client.execute(uri: "/items", method: .post, headers: formHeaders, body: form("name=Secretive")) {
                #expect($0.status == .seeOther)
            }
            try await client.execute(uri: "/items/122639?token=abc", method: .get, headers: localhost) { _ in }
        }
        let lines = harness.access.lines.withLock { $0 }
        #expect(lines.count == 2)
        #expect(lines.first?.metadata["method"] == "POST" && lines.first?.metadata["status"] == "303")
        #expect(lines.last?.metadata["route"] == "/items/{code}")
        #expect(lines.allSatisfy { $0.metadata["duration_ms"] != nil })
        let everything = lines.map { "\($0.message) \($0.metadata)" }.joined()
        for secret in ["Secretive", seed, CSRF.token(seed: seed, secret: testSecret), "abc", "122639"] {
            #expect(!everything.contains(secret), "\(secret)")
        }
    }

    @Test("behind a token, /healthz and /metrics need none from this machine; every other path still does")
    func probesFromLoopback() async throws {
        let harness = OperationsHarness()
        try await harness.application(token: "a-token-of-sixteen-chars").test(.live) { client in
            try await client.execute(uri: "/healthz", method: .get, headers: localhost) { #expect($0.status == .ok) }
            try await client.execute(uri: "/metrics", method: .get, headers: localhost) { #expect($0.status == .ok) }
            try await client.execute(uri: "/items", method: .get, headers: localhost) {
                #expect($0.status == .unauthorized)
            }
        }
    }

    struct Sample {
        var name: String
        var labels: [String: String]
        var value: Double
    }

    struct Unparsable: Error { let line: String }

    /// Parses the exposition format's sample lines (`name{label="value",…} number`), refusing any other line.
    static func samples(_ text: String) throws -> [Sample] {
        try text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                throw Unparsable(line: String(line))
            }
            let series = line[..<space]
            guard let brace = series.firstIndex(of: "{") else {
                return Sample(name: String(series), labels: [:], value: value)
            }
            guard series.hasSuffix("}") else { throw Unparsable(line: String(line)) }
            var labels: [String: String] = [:]
            for pair in series[series.index(after: brace)..<series.index(before: series.endIndex)].split(separator: ",")
            {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[1].hasPrefix("\""), parts[1].hasSuffix("\"") else {
                    throw Unparsable(line: String(line))
                }
                labels[String(parts[0])] = String(parts[1].dropFirst().dropLast())
            }
            return Sample(name: String(series[..<brace]), labels: labels, value: value)
        }
    }
}
