import HTTPTypes
import Hummingbird

/// The access token a server on a non-loopback address requires on every request: as
/// `Authorization: Bearer …`, as the `folio_token` cookie, or once as `?token=…` (which sets the cookie and
/// redirects to the same page without the token in its address).
public struct AccessTokenMiddleware: RouterMiddleware {
    /// The request context of every Folio route.
    public typealias Context = WebRequestContext
    static let cookieName = "folio_token"
    let token: String
    let exemptsLoopbackProbes: Bool

    /// Creates the middleware; with `exemptsLoopbackProbes`, `/healthz` and `/metrics` asked by a peer on this
    /// machine need no token (an uptime check or scraper beside the server has nowhere safe to keep it, and
    /// neither path shows a record, a cookie or a setting); from anywhere else they need it like every path.
    public init(token: String, exemptsLoopbackProbes: Bool = false) {
        self.token = token
        self.exemptsLoopbackProbes = exemptsLoopbackProbes
    }

    /// Applies the rule, then passes the request on to `next`.
    public func handle(
        _ request: Request, context: WebRequestContext, next: (Request, WebRequestContext) async throws -> Response
    ) async throws -> Response {
        if exemptsLoopbackProbes, ServerOperations.probePaths.contains(request.uri.path),
            [.get, .head].contains(request.method), context.remoteAddress.map(WebServerConfiguration.isLoopback) == true
        {
            return try await next(request, context)
        }
        if let bearer = request.headers[.authorization], bearer.hasPrefix("Bearer "),
            Secrets.constantTimeEqual(String(bearer.dropFirst(7)), token)
        {
            return try await next(request, context)
        }
        if let cookie = request.cookies[Self.cookieName]?.value, Secrets.constantTimeEqual(cookie, token) {
            return try await next(request, context)
        }
        if let given = request.uri.queryParameters["token"].map(String.init), Secrets.constantTimeEqual(given, token) {
            var headers = HTTPFields()
            headers[.location] = request.uri.path
            headers[.setCookie] = "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
            return Response(status: .seeOther, headers: headers)
        }
        throw HTTPError(
            .unauthorized,
            message:
                "This Folio server needs its access token: open the address with the token that this server showed when it started."
        )
    }
}
