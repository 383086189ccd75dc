import Metrics
import Prometheus

/// What `/metrics` exposes, recorded through swift-metrics into one Prometheus registry this server owns.
///
/// The factory is handed to each metric rather than bootstrapped into `MetricsSystem`, so two servers in one
/// process (the tests) never share counts and nothing global is set.
public final class ServerMetrics: Sendable {
    private let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory

    /// Creates an empty registry.
    public init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // Page views are milliseconds; a store outage's fail-fast answers are microseconds.
        factory.defaultDurationHistogramBuckets = [
            .milliseconds(1), .milliseconds(5), .milliseconds(25), .milliseconds(100), .milliseconds(250),
            .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(10),
        ]
        self.factory = factory
    }

    /// One answered request: by route pattern (never the concrete path, whose codes and e-mails would make one
    /// series per value), method and status, with its duration.
    public func request(route: String, method: String, status: Int, duration: Duration) {
        let dimensions = [("route", route), ("method", method), ("status", String(status))]
        Counter(label: "folio_http_requests_total", dimensions: dimensions, factory: factory).increment()
        Timer(
            label: "folio_http_request_duration_seconds", dimensions: [("route", route), ("method", method)],
            factory: factory
        ).recordNanoseconds(Self.nanoseconds(duration))
    }

    /// One store transaction: `kind` read, write or migrate; `outcome` ok, error or unavailable.
    public func storeTransaction(kind: String, outcome: String) {
        count("folio_store_transactions_total", [("kind", kind), ("outcome", outcome)])
    }

    /// One serialisation conflict of a store transaction with another writer: the transaction was rolled back
    /// whole and runs again (or is given up after its last attempt, counted as an error).
    public func storeConflictRetried(namespace: String) {
        count("folio_store_conflicts_retried_total", [("namespace", namespace)])
    }

    /// One attempt to deliver an alert's firing to the webhook: `delivered` or `failed` (it stays in the outbox
    /// and is tried again at the next check); `retry` when an earlier attempt at the same firing had failed.
    public func alertDelivery(delivered: Bool, retry: Bool) {
        count("folio_alert_deliveries_total", [("outcome", delivered ? "delivered" : "failed")])
        if retry { count("folio_alert_delivery_retries_total", []) }
    }

    /// One request to an upstream service, by host; `failed` when it threw (an HTTP status is the caller's).
    public func upstream(host: String, failed: Bool) {
        count("folio_upstream_requests_total", [("host", host)])
        if failed { count("folio_upstream_failures_total", [("host", host)]) }
    }

    /// One run of a background job.
    public func backgroundJob(_ name: String, failed: Bool) {
        count("folio_background_job_runs_total", [("job", name), ("outcome", failed ? "failed" : "ok")])
    }

    /// Whether the store answers (1) or not (0), set at each change.
    public func storeUp(_ up: Bool) {
        Gauge(label: "folio_store_up", factory: factory).record(up ? 1 : 0)
    }

    /// The exposition text (`text/plain; version=0.0.4`).
    public func exposition() -> String { registry.emitToString() }

    private func count(_ label: String, _ dimensions: [(String, String)]) {
        Counter(label: label, dimensions: dimensions, factory: factory).increment()
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
