import Foundation
import HTTPTypes
import Hummingbird

/// Refuses a state-changing request whose `Origin` names another site (403), before the CSRF check: a second line
/// behind the token, for a browser that sends the header (every current one does on a cross-site POST). A request
/// without `Origin` (a script, an old browser), or with `Origin: null` (what a browser sends from a page served with
/// `Referrer-Policy: no-referrer`, as Folio's pages are), is left to the CSRF check alone.
///
/// Same origin means the `Origin`'s host and port are the `Host` the request was sent to; the scheme is not
/// compared, so a TLS proxy in front (`https://` in `Origin`, plain HTTP here) is still the same site.
public struct OriginCheckMiddleware: RouterMiddleware {
    /// The request context of every Folio route.
    public typealias Context = WebRequestContext

    /// Creates the middleware.
    public init() {}

    /// Applies the rule, then passes the request on to `next`.
    public func handle(
        _ request: Request, context: WebRequestContext, next: (Request, WebRequestContext) async throws -> Response
    ) async throws -> Response {
        // `null` says nothing: a browser sends it for every form post of a page served with
        // `Referrer-Policy: no-referrer` (Folio's), its own origin's included.
        guard ![.get, .head, .options].contains(request.method), let origin = request.headers[.origin], origin != "null"
        else {
            return try await next(request, context)
        }
        // The address the request was sent to: HTTP/1's `Host` header, or the authority HTTP/2 (or a converted
        // request) carries instead.
        let hosts = request.headers[values: HTTPField.Name("Host")!] + (request.head.authority.map { [$0] } ?? [])
        guard hosts.contains(where: { Self.sameOrigin(origin, host: $0) }) else {
            throw HTTPError(
                .forbidden, message: "This form was sent from another site. Open Folio and send it from there.")
        }
        return try await next(request, context)
    }

    /// Whether `origin` (`scheme://host[:port]`, or `null`) names `host` (`host[:port]` as the request's `Host`).
    static func sameOrigin(_ origin: String, host: String?) -> Bool {
        guard let host, let schemeEnd = origin.range(of: "://") else { return false }
        let authority = origin[schemeEnd.upperBound...].lowercased()
        let scheme = origin[..<schemeEnd.lowerBound].lowercased()
        let sent = host.lowercased()
        if authority == sent { return true }
        // A default port may be written on one side and left out on the other.
        let defaultPort = scheme == "https" ? ":443" : ":80"
        return authority + defaultPort == sent || authority == sent + defaultPort
    }
}
