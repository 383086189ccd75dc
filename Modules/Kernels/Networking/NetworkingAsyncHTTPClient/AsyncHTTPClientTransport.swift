import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import Networking

/// The live transport: AsyncHTTPClient on SwiftNIO.
///
/// Chosen over URLSession because FoundationNetworking links libcurl and its 30-odd shared libraries into
/// the binary, which every `folio` process would pay for at start-up whether it uses the network or not.
/// Retries belong to ``RetryingHTTPClient`` on the injected clock, so this transport fails fast: no
/// connection retries of its own. The read timeout (no bytes for that long) doubles as the connect timeout;
/// the total timeout is enforced here by racing the transfer against a sleep, so a server that trickles
/// bytes still times out.
public final class AsyncHTTPClientTransport: Networking.HTTPClient, Sendable {
    /// How the live transport behaves.
    public struct Configuration: Sendable {
        /// The longest wait for a connection or for the next bytes.
        public var connectTimeout: Duration
        /// The longest a whole request may take, unless the request sets its own.
        public var totalTimeout: Duration
        /// The User-Agent header, e.g. `folio/0.1.0 (Linux; Swift)`.
        public var userAgent: String
        /// The most HTTP/1.1 connections per host.
        public var maxConnectionsPerHost: Int
        /// The largest body accepted, after decompression.
        public var maxBodyBytes: Int
        /// Where requests go through a proxy (usually ``ProxySettings/init(environment:)``).
        public var proxies: ProxySettings

        /// Creates a configuration.
        public init(
            connectTimeout: Duration = .seconds(10), totalTimeout: Duration = .seconds(30), userAgent: String,
            maxConnectionsPerHost: Int = 4, maxBodyBytes: Int = 256 << 20, proxies: ProxySettings = ProxySettings()
        ) {
            self.connectTimeout = connectTimeout
            self.totalTimeout = totalTimeout
            self.userAgent = userAgent
            self.maxConnectionsPerHost = maxConnectionsPerHost
            self.maxBodyBytes = maxBodyBytes
            self.proxies = proxies
        }
    }

    private let client: AsyncHTTPClient.HTTPClient
    /// One client per proxy server: AsyncHTTPClient sets the proxy per client, not per request.
    private let proxiedClients: [ProxySettings.Server: AsyncHTTPClient.HTTPClient]
    private let configuration: Configuration

    /// Creates the transport with its own connection pool on NIO's shared event loops.
    public init(configuration: Configuration) {
        self.configuration = configuration
        var clientConfiguration = AsyncHTTPClient.HTTPClient.Configuration()
        let idle = TimeAmount(configuration.connectTimeout)
        clientConfiguration.timeout = .init(connect: idle, read: idle)
        clientConfiguration.decompression = .enabled(limit: .size(configuration.maxBodyBytes))
        clientConfiguration.redirectConfiguration = .follow(max: 5, allowCycles: false)
        clientConfiguration.connectionPool = .init(
            idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: configuration.maxConnectionsPerHost)
        clientConfiguration.connectionPool.retryConnectionEstablishment = false
        // Folio never bootstraps an instrumentation system, so the tracer would be the no-op one; without it a
        // request skips the span wrapper and a conformance lookup (a scan of every record on Linux).
        clientConfiguration.tracing.tracer = nil
        client = AsyncHTTPClient.HTTPClient(
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: clientConfiguration)
        var proxied: [ProxySettings.Server: AsyncHTTPClient.HTTPClient] = [:]
        for server in Set([configuration.proxies.http, configuration.proxies.https].compactMap { $0 }) {
            var viaProxy = clientConfiguration
            viaProxy.proxy = .server(
                host: server.host, port: server.port,
                authorization: server.credentials.map { .basic(username: $0.user, password: $0.password) })
            proxied[server] = AsyncHTTPClient.HTTPClient(
                eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: viaProxy)
        }
        proxiedClients = proxied
    }

    deinit {
        // Each pool keeps its client alive until it has closed its connections; nothing waits for that.
        client.shutdown { _ in }
        for proxied in proxiedClients.values { proxied.shutdown { _ in } }
    }

    /// Closes the connection pools; later requests fail.
    public func shutdown() async throws {
        try await client.shutdown()
        for proxied in proxiedClients.values { try await proxied.shutdown() }
    }

    /// Sends `request`; see ``HTTPClient/send(_:)``.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let total = request.timeout ?? configuration.totalTimeout
        return try await withThrowingTaskGroup(of: HTTPResponse?.self) { group in
            group.addTask { try await self.transfer(request, total: total) }
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

    private func transfer(_ request: HTTPRequest, total: Duration) async throws -> HTTPResponse {
        do {
            let route = configuration.proxies.server(for: request.url).flatMap { proxiedClients[$0] } ?? client
            let response = try await route.execute(makeClientRequest(request), timeout: TimeAmount(total))
            let body = try await response.body.collect(upTo: configuration.maxBodyBytes)
            var headers = Networking.HTTPHeaders()
            for field in response.headers {
                headers[field.name] = field.value
            }
            return HTTPResponse(
                status: Int(response.status.code), headers: headers, body: Data(buffer: body), url: request.url)
        } catch {
            throw translate(error, for: request, total: total)
        }
    }

    private func makeClientRequest(_ request: HTTPRequest) -> HTTPClientRequest {
        var clientRequest = HTTPClientRequest(url: request.url.absoluteString)
        clientRequest.method = HTTPMethod(rawValue: request.method)
        clientRequest.headers.add(name: "User-Agent", value: configuration.userAgent)
        clientRequest.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        for field in request.headers {
            clientRequest.headers.replaceOrAdd(name: field.name, value: field.value)
        }
        if let body = request.body {
            clientRequest.body = .bytes(ByteBuffer(data: body))
        }
        return clientRequest
    }

    private func translate(_ error: any Error, for request: HTTPRequest, total: Duration) -> any Error {
        if error is CancellationError || Task.isCancelled { return CancellationError() }
        let url = request.url
        switch error {
        case let error as AsyncHTTPClient.HTTPClientError:
            switch error {
            case .cancelled: return CancellationError()
            case .deadlineExceeded: return NetworkError.timedOut(url: url, after: total)
            case .connectTimeout, .readTimeout, .writeTimeout:
                return NetworkError.timedOut(url: url, after: min(configuration.connectTimeout, total))
            case .remoteConnectionClosed:
                return NetworkError.connectionFailed(url: url, reason: "the connection was dropped")
            default:
                return NetworkError.connectionFailed(url: url, reason: "\(error)")
            }
        case let error as HTTPParserError where error == .invalidEOFState:
            return NetworkError.connectionFailed(url: url, reason: "the answer ended before its announced length")
        case is NIOTooManyBytesError:
            return NetworkError.connectionFailed(
                url: url, reason: "the answer is larger than \(configuration.maxBodyBytes >> 20) MB")
        case let error as NIOConnectionError:
            let reasons = error.connectionErrors.map { Self.reason($0.error) }
            let reason = error.dnsAError ?? error.dnsAAAAError
            return NetworkError.connectionFailed(
                url: url, reason: reasons.first ?? reason.map { "name lookup failed: \($0)" } ?? "\(error)")
        default:
            return NetworkError.connectionFailed(url: url, reason: Self.reason(error))
        }
    }

    /// NIO describes a refused connection as "connection reset (error set): Connection refused) (errno: 111)";
    /// the system's own wording reads better.
    private static func reason(_ error: any Error) -> String {
        guard let error = error as? IOError else { return "\(error)" }
        return String(cString: strerror(error.errnoCode)).lowercased()
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
