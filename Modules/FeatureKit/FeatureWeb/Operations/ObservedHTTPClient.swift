import Foundation
import Logging
import Networking
import Synchronization

/// Each upstream service's last state as `folio serve` saw it, by host: what `/healthz` lists and what the log
/// warns about once when a host stops answering and once when it answers again.
public final class UpstreamHealth: Sendable {
    /// One host's last state.
    public struct State: Sendable, Equatable, Codable {
        /// Whether its last request got an answer below 500.
        public var up: Bool
        /// What the last failure was (a status or the error's description), nil while up.
        public var reason: String?
        /// When its last request ended.
        public var at: Date
    }

    private let states = Mutex([String: State]())
    private let logger: Logger
    private let now: @Sendable () -> Date

    /// Creates an empty record.
    public init(logger: Logger, now: @escaping @Sendable () -> Date = { Date() }) {
        self.logger = logger
        self.now = now
    }

    /// Each host seen so far and its last state.
    public var current: [String: State] { states.withLock { $0 } }

    /// Records the end of a request to `host`.
    public func record(host: String, failure: String?) {
        let state = State(up: failure == nil, reason: failure, at: now())
        let previous = states.withLock { states in
            defer { states[host] = state }
            return states[host]
        }
        switch (previous?.up, state.up) {
        case (true?, false), (nil, false):
            logger.warning("an upstream service is down", metadata: ["host": "\(host)", "reason": "\(failure ?? "")"])
        case (false?, true):
            logger.warning("an upstream service answers again", metadata: ["host": "\(host)"])
        default: break
        }
    }
}

/// An HTTP client that counts each request and failure by host (``ServerMetrics``) and keeps each host's last
/// state (``UpstreamHealth``).
public struct ObservedHTTPClient: HTTPClient {
    let base: any HTTPClient
    let health: UpstreamHealth
    let metrics: ServerMetrics?

    /// Wraps `base`.
    public init(_ base: any HTTPClient, health: UpstreamHealth, metrics: ServerMetrics?) {
        self.base = base
        self.health = health
        self.metrics = metrics
    }

    /// Sends `request`, counting it and reporting its outcome.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let host = request.url.host ?? "unknown"
        do {
            let response = try await base.send(request)
            let failure = response.status >= 500 ? "HTTP \(response.status)" : nil
            metrics?.upstream(host: host, failed: failure != nil)
            health.record(host: host, failure: failure)
            return response
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            metrics?.upstream(host: host, failed: true)
            health.record(host: host, failure: "\(error)")
            throw error
        }
    }
}
