import Hummingbird
import Persistence

/// Has the reads of each page view (GET, HEAD) share one snapshot (``SnapshotScope``): on PostgreSQL a view then
/// leases one connection and begins one transaction, where the dashboard made fifteen. A write made while the
/// page is built (a cache filled on the way) ends the shared snapshot first, so what follows reads it. Other
/// methods read alone, as before.
public struct SharedSnapshotMiddleware: RouterMiddleware {
    /// The request context of every Folio route.
    public typealias Context = WebRequestContext

    /// Creates the middleware.
    public init() {}

    /// Runs a GET or HEAD in a scope of its own, any other request as it is.
    public func handle(
        _ request: Request, context: WebRequestContext, next: (Request, WebRequestContext) async throws -> Response
    ) async throws -> Response {
        guard request.method == .get || request.method == .head else { return try await next(request, context) }
        return try await SnapshotScope.run { try await next(request, context) }
    }
}
