import HTTPTypes
import Hummingbird

/// The access token a server on a non-loopback address requires on every request: as
/// `Authorization: Bearer …`, as the `folio_token` cookie, or once as `?token=…` (which sets the cookie and
/// redirects to the same page without the token in its address).
public struct AccessTokenMiddleware: RouterMiddleware {
    public typealias Context = WebRequestContext
    static let cookieName = "folio_token"
    let token: String

    /// Creates the middleware.
    public init(token: String) { self.token = token }

    public func handle(
        _ request: Request, context: WebRequestContext, next: (Request, WebRequestContext) async throws -> Response
    ) async throws -> Response {
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
        throw HTTPError(.unauthorized, message: "This Folio server needs its access token: open the address printed by folio serve.")
    }
}
