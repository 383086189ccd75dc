import Foundation
import Networking
import NetworkingTesting
import NetworkingAsyncHTTPClient
import Synchronization
import Testing
import Timing
import TimingTesting

/// The live transport (AsyncHTTPClient) against real loopback HTTP servers.
@Suite struct LoopbackTransportTests {
    private func transport(total: Duration = .seconds(5)) -> AsyncHTTPClientTransport {
        AsyncHTTPClientTransport(
            configuration: .init(connectTimeout: .seconds(5), totalTimeout: total, userAgent: "folio/test (Linux)"))
    }

    struct NAVPoint: Decodable, Sendable {
        let date: String
        let nav: FlexibleDecimal
    }

    struct History: Decodable, Sendable {
        let data: [NAVPoint]
        let status: String
    }

    @Test func decodesARecordedResponseAndSendsOurUserAgent() async throws {
        let server = try await LoopbackServer.start { _ in try .fixture("mfapi/scheme_122639_history_full_3266pts.json") }
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
        let retrying = RetryingHTTPClient(base: transport(), timing: .test(clock: clock), unitRandom: { 0.5 })
        let task = Task { try await retrying.send(.get(server.baseURL, path: "/x")) }
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
        let body = #"{"data":[{"date":"01-01-2024","nav":"1.0"},{"date":"02-01-2024","nav":"abc"}],"status":"SUCCESS"}"#
        let server = try await LoopbackServer.start { _ in .json(body) }
        defer { Task { await server.stop() } }
        let error = await #expect(throws: NetworkError.self) {
            try await transport().send(Endpoint<History>.json(.get(server.baseURL, path: "/mf/1")))
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
        let server = try FaultyServer(.drop)
        let url = server.baseURL
        server.stop()
        let error = await #expect(throws: NetworkError.self) {
            try await transport().send(.get(url, path: "/gone"))
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
                status: 200, headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"], body: compressed)
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
    func increment() -> Int { value.withLock { $0 += 1; return $0 } }
}

final class DelayLog: Sendable {
    private let values = Mutex<[Duration]>([])
    func append(_ delay: Duration) { values.withLock { $0.append(delay) } }
    var all: [Duration] { values.withLock { $0 } }
}
