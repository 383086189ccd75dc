import Foundation
import Hummingbird

/// `/healthz` and `/metrics`, for an uptime check and a Prometheus scraper.
///
/// `/healthz` runs one read transaction (failing at once while the store is known down) and answers 200 with
/// the store's and each upstream's last state, or 503 when the store does not answer: an upstream that is
/// down degrades pages, which show saved copies, but does not make the server unhealthy. `/metrics` is the
/// Prometheus exposition of ``ServerMetrics``.
enum ProbeRoutes {
    struct Health: Encodable {
        struct Store: Encodable {
            var up: Bool
            var reason: String?
            var since: Date
        }
        var status: String
        var store: Store
        var upstreams: [String: UpstreamHealth.State]
    }

    static func add(to router: Router<WebRequestContext>, operations: ServerOperations) {
        router.get("/healthz") { _, _ in
            let reachable: Bool
            do {
                try await operations.check()
                reachable = true
            } catch {
                reachable = false
            }
            let state = operations.store.current
            let up = reachable && state.up
            let health = Health(
                status: up ? "ok" : "unavailable",
                store: Health.Store(up: up, reason: up ? nil : state.reason, since: state.since),
                upstreams: operations.upstreams.current)
            var response = WebResponses.json(encoding: health, status: up ? .ok : .serviceUnavailable)
            response.headers[.cacheControl] = "no-store"
            if !up { response.headers[.retryAfter] = String(operations.retryAfterSeconds) }
            return response
        }
        router.get("/metrics") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            headers[.cacheControl] = "no-store"
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody(byteBuffer: ByteBuffer(string: operations.metrics.exposition())))
        }
    }
}
