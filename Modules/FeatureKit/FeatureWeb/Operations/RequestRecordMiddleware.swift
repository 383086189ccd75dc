import Hummingbird
import Logging

/// The outermost middleware: each request counted in ``ServerMetrics`` by route pattern and status with its
/// duration, and, when the access log is on, one structured line for it. The line holds the method, the route
/// pattern (never the concrete path or query, which may carry a token), the status and the duration; never
/// a header, cookie or form value.
public struct RequestRecordMiddleware: RouterMiddleware {
    /// The request context of every Folio route.
    public typealias Context = WebRequestContext
    let operations: ServerOperations

    /// Creates the middleware.
    public init(operations: ServerOperations) { self.operations = operations }

    /// Applies the rule, then passes the request on to `next`.
    public func handle(
        _ request: Request, context: WebRequestContext, next: (Request, WebRequestContext) async throws -> Response
    ) async throws -> Response {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let response = try await next(request, context)
            record(request, context: context, status: response.status.code, duration: clock.now - start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            record(request, context: context, status: status, duration: clock.now - start)
            throw error
        }
    }

    private func record(_ request: Request, context: WebRequestContext, status: Int, duration: Duration) {
        // An unmatched path is one series, whatever was asked for.
        let route = context.endpointPath ?? "unmatched"
        let method = request.method.rawValue
        operations.metrics.request(route: route, method: method, status: status, duration: duration)
        operations.accessLog?.info(
            "request",
            metadata: [
                "method": "\(method)", "route": "\(route)", "status": "\(status)",
                "duration_ms": "\(Self.milliseconds(duration))",
            ])
    }

    static func milliseconds(_ duration: Duration) -> String {
        let micros = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        let fraction = String(micros % 1000)
        return "\(micros / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
