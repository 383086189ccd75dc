import Foundation
import Logging
import Persistence

/// What `folio serve` knows about itself for an operator: its metrics, the store's and each upstream's health,
/// and the access log. Built once by the host; ``WebServer/router(features:environment:configuration:operations:)``
/// mounts `/healthz` and `/metrics` and the middleware that records every request.
public struct ServerOperations: Sendable {
    /// The Prometheus registry behind `/metrics`.
    public var metrics: ServerMetrics
    /// Whether the store answers.
    public var store: StoreHealth
    /// Each upstream's last state.
    public var upstreams: UpstreamHealth
    /// Where one line per request goes, nil when the access log is off.
    public var accessLog: Logger?
    /// The seconds a 503 for an outage asks a client to wait (`Retry-After`).
    public var retryAfterSeconds: Int
    /// One cheap transaction through the observed store: what `/healthz` runs to say whether the store answers.
    public var check: @Sendable () async throws -> Void

    /// Creates the operations of one server; `store` is observed with these metrics and health (see
    /// ``observe(_:)``), and a read of it is both `/healthz`'s check and the outage probe.
    public init(
        metrics: ServerMetrics, store: StoreHealth, upstreams: UpstreamHealth, accessLog: Logger?,
        probeStore: any KeyValueStore, retryAfterSeconds: Int = 2
    ) {
        self.metrics = metrics
        self.store = store
        self.upstreams = upstreams
        self.accessLog = accessLog
        self.retryAfterSeconds = retryAfterSeconds
        let observed = ObservedStore(probeStore, health: store, metrics: metrics)
        check = { _ = try await observed.read { _ in 0 } }
        store.probe { _ = try await probeStore.read { _ in 0 } }
    }

    /// `store` counted and guarded by this server's health.
    public func observe(_ store: any KeyValueStore) -> any KeyValueStore {
        if store is ObservedStore { return store }
        return ObservedStore(store, health: self.store, metrics: metrics)
    }

    /// Paths an operator's probe reads: answered whatever the store's state, and, from a loopback peer, without
    /// the access token.
    public static let probePaths: Set<String> = ["/healthz", "/metrics"]

    /// Whether `path` is answered while the store is down (probes and static assets, which need no store).
    static func servedDuringOutage(_ path: String) -> Bool {
        probePaths.contains(path) || path.hasPrefix("/assets/") || path == "/favicon.ico"
    }
}
