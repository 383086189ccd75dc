import Foundation
import Networking
import NetworkingAsyncHTTPClient
import NetworkingTesting
import Synchronization
import Testing
import Timing
import TimingTesting

/// The live transport (AsyncHTTPClient) against real loopback HTTP servers.
@Suite(.timeLimit(.minutes(10))) struct LoopbackTransportTests {
    /// Generous timeouts: they only end a test that has already failed, and a loaded CI machine running every
    /// suite at once can take seconds to schedule the loopback server's answer.
    private func transport(total: Duration = .seconds(60)) -> AsyncHTTPClientTransport {
        AsyncHTTPClientTransport(
            configuration: .init(connectTimeout: .seconds(60), totalTimeout: total, userAgent: "folio/test (Linux)"))
    }

    struct NAVPoint: Decodable, Sendable {
        let date: String
        let nav: String
    }

    struct History: Decodable, Sendable {
        let data: [NAVPoint]
        let status: String
    }

    @Test func decodesARecordedResponseAndSendsOurUserAgent() async throws {
        let server = try await LoopbackServer.start { _ in try .fixture("mfapi/scheme_122639_history_full_3266pts.json")
        }
        defer { Task { await server.stop() } }
        let client = transport()
        let history = try await client.send(
            Endpoint<History>.json(.get(server.baseURL, path: "/mf/122639")))
        #expect(history.data.count == 3266)
        #expect(history.data.first?.date == "04-09-2026")
        #expect(server.requests.first?.headers["user-agent"] == "folio/test (Linux)")
        #expect(server.requests.first?.path == "/mf/122639")
    }

    @Test func recoversFrom500ByRetryingOnTheInjectedClock() async throws {
        let calls = Counter()
        let server = try await LoopbackServer.start { _ in
            calls.increment() == 1 ? .json("{\"error\":\"boom\"}", status: 500) : .json("{\"ok\":true}")
        }
        defer { Task { await server.stop() } }
        let clock = ManualClock()
        let delays = DelayLog()
        let retrying = RetryingHTTPClient(
            base: transport(), timing: .test(clock: clock), unitRandom: { 0.5 }, onRetry: { delays.append($0.delay) })
        let task = Task { try await retrying.send(.get(server.baseURL, path: "/x")) }
        // While an attempt is in flight its timeout sleeps on the clock too; the backoff starts after onRetry.
        #expect(await yieldUntil { delays.all.count == 1 })
        await clock.waitForSleepers(1)
        await clock.advance(by: .seconds(1))
        let response = try await task.value
        #expect(response.status == 200)
        #expect(server.requests.count == 2)
    }

    @Test func honoursRetryAfterOn429() async throws {
        let calls = Counter()
        let server = try await LoopbackServer.start { _ in
            calls.increment() == 1
                ? LoopbackResponse(status: 429, headers: ["Retry-After": "7"], body: Data("slow down".utf8))
                : .json("[]")
        }
        defer { Task { await server.stop() } }
        let clock = ManualClock()
        let delays = DelayLog()
        let retrying = RetryingHTTPClient(
            base: transport(), timing: .test(clock: clock), unitRandom: { 0.5 }, onRetry: { delays.append($0.delay) })
        let task = Task { try await retrying.send(.get(server.baseURL, path: "/mf")) }
        #expect(await yieldUntil { delays.all.count == 1 })
        await clock.waitForSleepers(1)
        #expect(delays.all == [.seconds(7)])
        await clock.advance(by: .seconds(6))
        #expect(server.requests.count == 1)
        await clock.advance(by: .seconds(1))
        #expect(try await task.value.status == 200)
        #expect(server.requests.count == 2)
    }

    @Test func neverRetries404AndNamesTheURLAndStatus() async throws {
        let server = try await LoopbackServer.start { _ in .json("{\"error\":\"not found\"}", status: 404) }
        defer { Task { await server.stop() } }
        let retrying = RetryingHTTPClient(base: transport(), timing: .test())
        let error = await #expect(throws: NetworkError.self) {
            try await retrying.send(Endpoint<[String]>.json(.get(server.baseURL, path: "/mf/99")))
        }
        #expect(server.requests.count == 1)
        guard case .status(404, let url, _, _)? = error else {
            Issue.record("expected a 404 status error, got \(String(describing: error))")
            return
        }
        #expect(url.path == "/mf/99")
        #expect(error?.description.contains("/mf/99") == true)
        #expect(error?.description.contains("404") == true)
    }

    @Test func aMalformedBodyNamesTheJSONPath() async throws {
        struct Point: Decodable, Sendable { let date: String; let nav: Double }
        struct Points: Decodable, Sendable { let data: [Point] }
        let body = #"{"data":[{"date":"01-01-2024","nav":1.0},{"date":"02-01-2024","nav":"abc"}],"status":"SUCCESS"}"#
        let server = try await LoopbackServer.start { _ in .json(body) }
        defer { Task { await server.stop() } }
        let error = await #expect(throws: NetworkError.self) {
            try await transport().send(Endpoint<Points>.json(.get(server.baseURL, path: "/mf/1")))
        }
        guard case .decoding(_, let path, _)? = error else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(path == "data[1].nav")
    }

    @Test func aServerThatStallsTimesOut() async throws {
        let server = try FaultyServer(.stall)
        defer { server.stop() }
        let error = await #expect(throws: NetworkError.self) {
            try await transport(total: .milliseconds(300)).send(.get(server.baseURL, path: "/slow"))
        }
        guard case .timedOut? = error else {
            Issue.record("expected a timeout, got \(String(describing: error))")
            return
        }
        #expect(error?.isTransient == true)
    }

    /// The total timeout waits on an event loop; cancelling the request must end that wait at once (the test
    /// would otherwise sit out the 60 s timeout) and surface as cancellation, not as a network error.
    @Test func cancellingARequestEndsItAtOnceAsCancellation() async throws {
        let server = try FaultyServer(.stall)
        defer { server.stop() }
        let client = transport(total: .seconds(60))
        let request = Task { try await client.send(.get(server.baseURL, path: "/slow")) }
        request.cancel()
        let result = await request.result
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test func aTruncatedBodyIsAnErrorNotData() async throws {
        let server = try FaultyServer(.truncate(declaredLength: 1000, body: Data("{\"data\":[".utf8)))
        defer { server.stop() }
        await #expect(throws: NetworkError.self) {
            try await transport().send(.get(server.baseURL, path: "/cut"))
        }
    }

    @Test func aDroppedConnectionIsATransientConnectionFailure() async throws {
        let server = try FaultyServer(.drop)
        defer { server.stop() }
        let error = await #expect(throws: NetworkError.self) {
            try await transport().send(.get(server.baseURL, path: "/drop"))
        }
        #expect(error?.isTransient == true)
    }

    @Test func aRefusedConnectionIsAConnectionFailure() async throws {
        let port = try RefusingPort()
        let error = await #expect(throws: NetworkError.self) {
            try await transport().send(.get(port.baseURL, path: "/gone"))
        }
        guard case .connectionFailed(_, let reason)? = error else {
            Issue.record("expected a connection failure, got \(String(describing: error))")
            return
        }
        #expect(reason == "connection refused")
    }

    @Test func cancellationStopsAnInFlightRequest() async throws {
        let server = try FaultyServer(.stall)
        defer { server.stop() }
        let client = transport(total: .seconds(30))
        let task = Task { try await client.send(.get(server.baseURL, path: "/forever")) }
        #expect(await yieldUntil { server.connectionsAccepted > 0 }, "the server never accepted the connection")
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func decompressesGzipBodies() async throws {
        let plain = try Fixtures.data("mfapi/search_q_hdfc_5results.json")
        let compressed = try gzip(plain)
        let server = try await LoopbackServer.start { request in
            #expect(request.headers["accept-encoding"]?.contains("gzip") == true)
            return LoopbackResponse(
                status: 200, headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"], body: compressed
            )
        }
        defer { Task { await server.stop() } }
        let response = try await transport().send(.get(server.baseURL, path: "/mf/search", query: [("q", "HDFC")]))
        #expect(response.body == plain)
        #expect(server.requests.first?.queryValue("q") == "HDFC")
    }

    private func gzip(_ data: Data) throws -> Data {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("body")
        try data.write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-n", file.path]
        try process.run()
        process.waitUntilExit()
        return try Data(contentsOf: directory.appendingPathComponent("body.gz"))
    }
}

final class Counter: Sendable {
    private let value = Mutex(0)
    func increment() -> Int {
        value.withLock {
            $0 += 1; return $0
        }
    }
}

final class DelayLog: Sendable {
    private let values = Mutex<[Duration]>([])
    func append(_ delay: Duration) { values.withLock { $0.append(delay) } }
    var all: [Duration] { values.withLock { $0 } }
}

/// A server that accepts and never answers, timed on a manual clock: the request has one deadline, spent over
/// its tries, and the error says how long and how many.
@Suite struct RequestDeadlineTests {
    @Test func aSilentServerGetsOneTruthfulDeadlineOverAllTries() async throws {
        let server = try FaultyServer(.stall)
        defer { server.stop() }
        let clock = ManualClock()
        let events = EventLog()
        // The transport's own timeouts are far beyond the test: only the injected clock can end an attempt.
        let transport = AsyncHTTPClientTransport(
            configuration: .init(connectTimeout: .seconds(600), totalTimeout: .seconds(600), userAgent: "folio/test"))
        let client = RetryingHTTPClient(
            base: transport, timing: .test(clock: clock), unitRandom: { 0.5 }, onRetry: { events.append($0) })
        let error = await #expect(throws: NetworkError.self) {
            try await clock.drive(stepping: .milliseconds(100)) {
                try await client.send(.get(server.baseURL, path: "/mf/122639"))
            }
        }
        guard case .noAnswer(_, let after, let attempts)? = error else {
            Issue.record("expected no answer, got \(String(describing: error))")
            return
        }
        #expect(after == .seconds(40))
        #expect(attempts == 4)
        #expect(error?.description == "no answer from 127.0.0.1 in 40 s over 4 tries")
        #expect(error?.isTransient == true)
        #expect(events.all.map(\.delay) == [.milliseconds(300), .milliseconds(600), .milliseconds(1200)])
        #expect(events.all.map(\.failedAttempt) == [1, 2, 3])
        #expect(events.all.allSatisfy { $0.maxAttempts == 4 })
        #expect(clock.now.offset == .seconds(40))
    }

    @Test func aFailingServerStopsAtTheDeadlineWithItsOwnError() async throws {
        let url = URL(string: "http://127.0.0.1:9/x")!
        let stub = StubHTTPClient { _ in throw NetworkError.connectionFailed(url: url, reason: "refused") }
        let clock = ManualClock()
        let client = RetryingHTTPClient(
            base: stub, policy: RetryPolicy(maxAttempts: 10, initialBackoff: .seconds(8), multiplier: 1, jitter: 0),
            timing: .test(clock: clock))
        let error = await #expect(throws: NetworkError.self) {
            try await clock.drive(stepping: .seconds(1)) { try await client.send(HTTPRequest(url: url)) }
        }
        #expect(error == .connectionFailed(url: url, reason: "refused"))
        // Waits of 8 s fit four times into 40 s: the fifth attempt is the last one.
        #expect(stub.requests.count == 5)
    }

    @Test func durationsAreSpokenWithASpace() {
        #expect(Duration.seconds(40).spacedSecondsText == "40 s")
        #expect(Duration.milliseconds(2000).spacedSecondsText == "2 s")
        #expect(Duration.milliseconds(300).spacedSecondsText == "0.3 s")
        #expect(Duration.milliseconds(1240).spacedSecondsText == "1.2 s")
        #expect(Duration.milliseconds(39_960).spacedSecondsText == "40 s")
    }
}

private final class EventLog: Sendable {
    private let events = Mutex<[RetryEvent]>([])
    func append(_ event: RetryEvent) { events.withLock { $0.append(event) } }
    var all: [RetryEvent] { events.withLock { $0 } }
}
