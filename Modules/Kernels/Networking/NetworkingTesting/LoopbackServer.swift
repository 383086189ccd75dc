import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// A request as the loopback server saw it.
public struct LoopbackRequest: Sendable {
    /// The method, e.g. `GET`.
    public var method: String
    /// The path without the query, e.g. `/mf/122639`.
    public var path: String
    /// The query items in order.
    public var query: [(name: String, value: String)]
    /// Header fields by lower-cased name.
    public var headers: [String: String]

    /// The first value of query item `name`.
    public func queryValue(_ name: String) -> String? { query.first { $0.name == name }?.value }
}

/// What the loopback server answers.
public struct LoopbackResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields.
    public var headers: [String: String]
    /// The body.
    public var body: Data
    /// How long the server waits (real time) before answering; for latency benchmarks, not tests.
    public var latency: Duration

    /// Creates a response.
    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data(), latency: Duration = .zero) {
        self.status = status
        self.headers = headers
        self.body = body
        self.latency = latency
    }

    /// A JSON response with the given bytes.
    public static func json(_ body: Data, status: Int = 200, headers: [String: String] = [:]) -> LoopbackResponse {
        LoopbackResponse(
            status: status, headers: headers.merging(["Content-Type": "application/json"]) { $1 }, body: body)
    }

    /// A JSON response with a committed fixture as its body.
    public static func fixture(_ relativePath: String, status: Int = 200) throws -> LoopbackResponse {
        .json(try Fixtures.data(relativePath), status: status)
    }

    /// A JSON response with text as its body.
    public static func json(_ text: String, status: Int = 200) -> LoopbackResponse {
        .json(Data(text.utf8), status: status)
    }
}

/// A real HTTP server on 127.0.0.1 (FlyingFox) that answers from a closure and records every request:
/// the test double for every API client, exercised through the real transport.
public final class LoopbackServer: Sendable {
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    private let server: HTTPServer
    private let task: Task<Void, any Error>
    private let log: RequestLog

    private init(baseURL: URL, server: HTTPServer, task: Task<Void, any Error>, log: RequestLog) {
        self.baseURL = baseURL
        self.server = server
        self.task = task
        self.log = log
    }

    /// Starts a server on an ephemeral loopback port.
    /// - Parameter handler: Answers each request; may keep state to script sequences (500 then 200).
    public static func start(
        _ handler: @escaping @Sendable (LoopbackRequest) async throws -> LoopbackResponse
    ) async throws -> LoopbackServer {
        let log = RequestLog()
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
        await server.appendRoute("*") { request in
            var headers: [String: String] = [:]
            for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
            let seen = LoopbackRequest(
                method: request.method.rawValue, path: request.path,
                query: request.query.map { (name: $0.name, value: $0.value) }, headers: headers)
            log.append(seen)
            let answer = try await handler(seen)
            if answer.latency > .zero { try await Task.sleep(for: answer.latency) }
            var responseHeaders = HTTPHeaders()
            for (name, value) in answer.headers { responseHeaders[HTTPHeader(name)] = value }
            return HTTPResponse(
                statusCode: HTTPStatusCode(answer.status, phrase: "Status \(answer.status)"),
                headers: responseHeaders, body: answer.body)
        }
        // Above the tests' own priority, which its connection tasks inherit: a full parallel run queues hundreds of
        // test tasks on two cores, and a `folio` child waiting behind them for this server gives up after 40 s.
        let task = Task(priority: .high) { try await server.run() }
        try await server.waitUntilListening(timeout: 60)
        guard case .ip4(_, let port) = await server.listeningAddress else {
            task.cancel()
            throw LoopbackServerError.notListening
        }
        let url = URL(string: "http://127.0.0.1:\(port)")!
        return LoopbackServer(baseURL: url, server: server, task: task, log: log)
    }

    /// The requests received so far, in order.
    public var requests: [LoopbackRequest] { log.all }

    /// Stops listening and closes connections.
    public func stop() async {
        await server.stop(timeout: 0)
        task.cancel()
    }
}

/// Why the loopback server could not start.
public enum LoopbackServerError: Error {
    /// The server did not report a listening address.
    case notListening
}

/// The requests a loopback server received, shared with its handler.
final class RequestLog: Sendable {
    private let entries = Mutex<[LoopbackRequest]>([])

    func append(_ request: LoopbackRequest) { entries.withLock { $0.append(request) } }

    var all: [LoopbackRequest] { entries.withLock { $0 } }
}
