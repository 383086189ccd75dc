import HTTPTypes
import Hummingbird

/// Headers on every response: a content security policy without inline script (scripts are files served
/// by the binary), no MIME sniffing, no referrer, no framing, and no caching of pages that hold money data.
public struct SecurityHeadersMiddleware: RouterMiddleware {
    /// The request context of every Folio route.
    public typealias Context = WebRequestContext

    /// The policy.
    public static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'"

    /// Creates the middleware.
    public init() {}

    /// Applies the rule, then passes the request on to `next`.
    public func handle(
        _ request: Request, context: WebRequestContext, next: (Request, WebRequestContext) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        if let referrer = HTTPField.Name("Referrer-Policy") { response.headers[referrer] = "no-referrer" }
        if let frame = HTTPField.Name("X-Frame-Options") { response.headers[frame] = "DENY" }
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }
}
