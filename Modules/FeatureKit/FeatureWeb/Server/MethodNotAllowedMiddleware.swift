import HTTPTypes
import Hummingbird
import Synchronization

/// Answers a request whose path exists under other methods with 405 Method Not Allowed and an `Allow` header
/// (RFC 9110 §15.5.6) instead of Hummingbird's 404, so a client that PUTs to a GET route learns what it may do.
///
/// The router only knows its routes once every feature has added them, after the middleware is in place: the
/// server fills ``RouteTable`` then, before the first request.
struct MethodNotAllowedMiddleware: RouterMiddleware {
    typealias Context = WebRequestContext
    let table: RouteTable

    func handle(
        _ request: Request, context: WebRequestContext, next: (Request, WebRequestContext) async throws -> Response
    ) async throws -> Response {
        // A read is answered first and the table asked only when nothing answered it: matching the path against
        // every route was a fiftieth of each page view. Any other method is checked before the CSRF check, which
        // would refuse a PUT for its missing token when the method is the problem.
        guard request.method == .get || request.method == .head else {
            if let allowed = table.notAllowed(request) { return Self.response(allowing: allowed) }
            return try await next(request, context)
        }
        let response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            if let allowed = table.notAllowed(request) { return Self.response(allowing: allowed) }
            throw error
        }
        if response.status == .notFound, let allowed = table.notAllowed(request) {
            return Self.response(allowing: allowed)
        }
        return response
    }

    private static func response(allowing methods: [HTTPRequest.Method]) -> Response {
        var headers = HTTPFields()
        headers[.allow] = methods.map(\.rawValue).joined(separator: ", ")
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(
            status: .methodNotAllowed, headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(string: "Allowed: \(headers[.allow] ?? "")\n")))
    }
}

/// The server's routes by path, for ``MethodNotAllowedMiddleware``.
final class RouteTable: Sendable {
    private let routes = Mutex<[(path: RouterPath, method: HTTPRequest.Method)]>([])

    /// Records the router's routes (HEAD wherever GET is, since the router answers it).
    func fill(from router: Router<WebRequestContext>) {
        let described = router.routes.map { (path: $0.path, method: $0.method) }
        let heads = described.filter { $0.method == .get }.map { (path: $0.path, method: HTTPRequest.Method.head) }
        routes.withLock { $0 = described + heads }
    }

    /// The methods the request's path allows, sorted, when the request's own method is not among them; nil when
    /// the path is unknown or the method is allowed (a handler's own 404, such as an unknown fund, stays 404).
    func notAllowed(_ request: Request) -> [HTTPRequest.Method]? {
        let segments = request.uri.path.split(separator: "/", omittingEmptySubsequences: true)
        let methods = routes.withLock { routes in
            routes.filter { Self.matches($0.path, segments) }.map(\.method)
        }
        guard !methods.isEmpty, !methods.contains(request.method) else { return nil }
        var seen = Set<HTTPRequest.Method>()
        return methods.filter { seen.insert($0).inserted }.sorted { $0.rawValue < $1.rawValue }
    }

    /// The nearest page at or above `path`: the path itself when it has a GET route, else the closest of its
    /// parents that has one (`/funds/122639/favorite` → `/funds/122639`), else `/`.
    func page(above path: String) -> String {
        var segments = path.split(separator: "/", omittingEmptySubsequences: true)
        let pages = routes.withLock { routes in routes.filter { $0.method == .get }.map(\.path) }
        while !segments.isEmpty {
            if pages.contains(where: { Self.matches($0, segments) }) { return "/" + segments.joined(separator: "/") }
            segments.removeLast()
        }
        return "/"
    }

    private static func matches(_ path: RouterPath, _ segments: [Substring]) -> Bool {
        guard path.components.count == segments.count else { return false }
        return zip(path.components, segments).allSatisfy { element, segment in element ~= segment }
    }
}
