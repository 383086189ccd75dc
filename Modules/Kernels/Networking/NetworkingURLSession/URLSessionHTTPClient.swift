import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live transport: URLSession (FoundationNetworking, on libcurl, on Linux).
///
/// URLSession's request timeout is an idle timeout (no bytes for that long), which doubles as the connect
/// timeout; the total timeout is enforced here by racing the transfer against a sleep, because a server
/// that trickles bytes would otherwise never time out. gzip is negotiated and decoded by URLSession.
public final class URLSessionHTTPClient: HTTPClient, Sendable {
    /// How the live transport behaves.
    public struct Configuration: Sendable {
        /// The longest wait for a connection or for the next bytes.
        public var connectTimeout: Duration
        /// The longest a whole request may take, unless the request sets its own.
        public var totalTimeout: Duration
        /// The User-Agent header, e.g. `folio/0.1.0 (+linux)`.
        public var userAgent: String
        /// The most connections per host URLSession may open.
        public var maxConnectionsPerHost: Int

        /// Creates a configuration.
        public init(
            connectTimeout: Duration = .seconds(10), totalTimeout: Duration = .seconds(30), userAgent: String,
            maxConnectionsPerHost: Int = 4
        ) {
            self.connectTimeout = connectTimeout
            self.totalTimeout = totalTimeout
            self.userAgent = userAgent
            self.maxConnectionsPerHost = maxConnectionsPerHost
        }
    }

    private let session: URLSession
    private let configuration: Configuration

    /// Creates the transport with its own URLSession.
    public init(configuration: Configuration) {
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.connectTimeout.timeInterval
        sessionConfiguration.timeoutIntervalForResource = configuration.totalTimeout.timeInterval
        sessionConfiguration.httpMaximumConnectionsPerHost = configuration.maxConnectionsPerHost
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        sessionConfiguration.httpAdditionalHeaders = [
            "User-Agent": configuration.userAgent,
            "Accept-Encoding": "gzip, deflate",
        ]
        session = URLSession(configuration: sessionConfiguration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request`; see ``HTTPClient/send(_:)``.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let total = request.timeout ?? configuration.totalTimeout
        let urlRequest = makeURLRequest(request, total: total)
        return try await withThrowingTaskGroup(of: HTTPResponse?.self) { group in
            group.addTask { try await self.transfer(urlRequest, for: request) }
            group.addTask {
                try await Task.sleep(for: total)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            guard let response = first else {
                throw NetworkError.timedOut(url: request.url, after: total)
            }
            return response
        }
    }

    private func makeURLRequest(_ request: HTTPRequest, total: Duration) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = min(configuration.connectTimeout, total).timeInterval
        for field in request.headers {
            urlRequest.setValue(field.value, forHTTPHeaderField: field.name)
        }
        return urlRequest
    }

    private func transfer(_ urlRequest: URLRequest, for request: HTTPRequest) async throws -> HTTPResponse {
        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    continuation.resume(with: self.result(data: data, response: response, error: error, for: request))
                }
                box.set(task)
                task.resume()
            }
        } onCancel: {
            box.cancel()
        }
    }

    private func result(
        data: Data?, response: URLResponse?, error: (any Error)?, for request: HTTPRequest
    ) -> Result<HTTPResponse, any Error> {
        if let error {
            return .failure(translate(error, for: request))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(NetworkError.connectionFailed(url: request.url, reason: "the answer was not HTTP"))
        }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        let body = data ?? Data()
        if headers["Content-Encoding"] == nil, let declared = headers["Content-Length"].flatMap(Int.init),
            body.count < declared
        {
            return .failure(NetworkError.truncatedBody(url: request.url, expected: declared, received: body.count))
        }
        return .success(HTTPResponse(status: http.statusCode, headers: headers, body: body, url: request.url))
    }

    private func translate(_ error: any Error, for request: HTTPRequest) -> any Error {
        guard let urlError = error as? URLError else {
            return NetworkError.connectionFailed(url: request.url, reason: "\(error)")
        }
        switch urlError.code {
        case .cancelled:
            return CancellationError()
        case .timedOut:
            // URLSession's own timeout is the idle (connect) timeout or the total, whichever is shorter.
            let total = request.timeout ?? configuration.totalTimeout
            return NetworkError.timedOut(url: request.url, after: min(configuration.connectTimeout, total))
        case .networkConnectionLost:
            return NetworkError.connectionFailed(url: request.url, reason: "the connection was dropped")
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
            return NetworkError.connectionFailed(url: request.url, reason: urlError.localizedDescription)
        default:
            return NetworkError.connectionFailed(
                url: request.url, reason: "\(urlError.localizedDescription) (URLError \(urlError.code.rawValue))")
        }
    }
}

/// Holds the data task so cancellation (which may arrive before the task exists) can reach it.
private final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false

    func set(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let cancelNow = cancelled
        lock.unlock()
        if cancelNow { task.cancel() }
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}

extension Duration {
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
