import Failures
import Foundation
import Hummingbird

/// Answers honestly while the store is down: 503 with `Retry-After` and the database's message for every page
/// and API route, never a 500, a 401 or a redirect to a login page that only says the session could not be read.
///
/// While ``StoreHealth`` says the store is down, a request is answered at once without reaching its handler
/// (probes and static assets excepted). A request that itself finds the store unreachable is answered the same
/// way, unless one of its writes committed: that answer stands as the handler gave it, so a client never
/// retries what was stored. A form post's typed values come back in a form that posts them again.
/// Mounted after the CSRF check, so only a form that came from Folio is echoed.
public struct OutageMiddleware: RouterMiddleware {
    /// The request context of every Folio route.
    public typealias Context = WebRequestContext
    let operations: ServerOperations
    let layout: Layout

    /// Creates the middleware.
    public init(operations: ServerOperations, layout: Layout) {
        self.operations = operations
        self.layout = layout
    }

    /// Applies the rule, then passes the request on to `next`.
    public func handle(
        _ request: Request, context: WebRequestContext, next: (Request, WebRequestContext) async throws -> Response
    ) async throws -> Response {
        guard !ServerOperations.servedDuringOutage(request.uri.path) else { return try await next(request, context) }
        if operations.store.isDown { return await outage(request, context: context) }
        let trace = RequestTrace()
        do {
            let response = try await RequestTrace.$current.withValue(trace) { try await next(request, context) }
            guard trace.didSeeOutage, !trace.didCommit, response.status.code >= 300 || isAPIRead(request) else {
                return response
            }
            return await outage(request, context: context)
        } catch  where trace.didSeeOutage && !trace.didCommit {
            return await outage(request, context: context)
        }
    }

    /// An API read whose store failed mid-way is answered as an outage even when the handler produced a 200 of
    /// partial data; a page that shows a failed tile beside working ones keeps its 200 (only the tile failed).
    private func isAPIRead(_ request: Request) -> Bool {
        request.uri.path.hasPrefix("/api/") && request.method == .get
    }

    private func outage(_ request: Request, context: WebRequestContext) async -> Response {
        let reason = operations.store.current.reason ?? "the database did not answer"
        var response: Response
        if request.uri.path.hasPrefix("/api/") {
            response = WebResponses.problem(
                FolioError(
                    .unavailable, "the database is down", why: reason,
                    hint: "nothing was stored; try again in a few seconds"), status: .serviceUnavailable)
        } else {
            let fields = request.method == .post ? await typedFields(request, context: context) : nil
            let content = OutagePage.content(
                reason: reason, action: request.uri.path, fields: fields, csrf: context.csrfToken)
            response = WebResponses.html(
                layout.render(title: "Folio is degraded", path: request.uri.path, content: content),
                status: .serviceUnavailable)
        }
        response.headers[.retryAfter] = String(operations.retryAfterSeconds)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// The posted form's fields in the order they came, nil when the body is not an encoded form.
    private func typedFields(_ request: Request, context: WebRequestContext) async -> [(String, String)]? {
        guard request.headers[.contentType]?.hasPrefix("application/x-www-form-urlencoded") == true else { return nil }
        var request = request
        guard let buffer = try? await request.collectBody(upTo: context.maxFormSize) else { return nil }
        return OutagePage.orderedFields(String(buffer: buffer))
    }
}
