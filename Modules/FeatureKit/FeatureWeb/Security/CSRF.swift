import HTTPTypes
import Hummingbird

/// Cross-site request forgery protection: each browser gets a random `folio_csrf` cookie (HttpOnly,
/// SameSite=Strict); the token in its forms is an HMAC of that cookie under the server's secret. A
/// state-changing request (anything but GET, HEAD, OPTIONS) must send the token back in the `_csrf` form
/// field or the `X-CSRF-Token` header, or it is refused with 403 before any handler runs.
public enum CSRF {
    /// The hidden form field.
    public static let fieldName = "_csrf"
    /// The header for JSON calls.
    public static let headerName = "X-CSRF-Token"
    /// The cookie holding the browser's CSRF seed.
    public static let cookieName = "folio_csrf"

    /// The token for a browser's seed.
    public static func token(seed: String, secret: String) -> String { Secrets.mac("csrf:" + seed, key: secret) }
}

/// Checks CSRF tokens and hands the page its token (``WebRequestContext/csrfToken``).
public struct CSRFMiddleware: RouterMiddleware {
    /// The request context of every Folio route.
    public typealias Context = WebRequestContext
    let secret: String

    /// Creates the middleware with the server's secret (random per process).
    public init(secret: String) { self.secret = secret }

    /// Applies the rule, then passes the request on to `next`.
    public func handle(
        _ request: Request, context: WebRequestContext, next: (Request, WebRequestContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        var request = request
        let existing = request.cookies[CSRF.cookieName]?.value
        let seed = existing ?? Secrets.randomToken()
        context.csrfToken = CSRF.token(seed: seed, secret: secret)
        if ![.get, .head, .options].contains(request.method) {
            guard existing != nil,
                try await sentToken(&request, context: context).map({ Secrets.constantTimeEqual($0, context.csrfToken) }
                ) == true
            else {
                throw HTTPError(
                    .forbidden,
                    message: "The form has expired or did not come from Folio. Reload the page and try again.")
            }
        }
        var response = try await next(request, context)
        // A response a cache may keep and hand to other browsers never carries this browser's seed; the next page
        // (never cacheable) sets it.
        let cacheable = response.headers[.cacheControl]?.contains("public") == true
        if existing == nil, !cacheable {
            response.headers.append(
                HTTPField(name: .setCookie, value: "\(CSRF.cookieName)=\(seed); Path=/; HttpOnly; SameSite=Strict"))
        }
        return response
    }

    /// The token from the header, else from the form body, encoded or multipart (the body is kept for the handler).
    private func sentToken(_ request: inout Request, context: WebRequestContext) async throws -> String? {
        if let header = HTTPField.Name(CSRF.headerName), let token = request.headers[header] { return token }
        return try await PostedField.value(CSRF.fieldName, in: &request, context: context)
    }
}
