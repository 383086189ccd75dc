import HTTPTypes
import Hummingbird

/// Which `Host` headers the server answers: the bound address and `localhost` (with or without the port).
/// A page on another site that re-points its DNS name at this machine (DNS rebinding) sends its own name,
/// and gets 421 Misdirected Request. A server bound to every interface (0.0.0.0, ::) also accepts IP
/// literals, which a rebinding attack cannot use, and relies on the access token as well.
public struct HostPolicy: Sendable {
    let names: Set<String>
    let acceptsIPLiterals: Bool

    /// The policy for a server bound to `host`.
    public init(boundHost: String) {
        let loopbackNames: Set<String> = ["localhost", "127.0.0.1", "[::1]", "::1"]
        var names = loopbackNames
        names.insert(boundHost.lowercased())
        if boundHost.contains(":"), !boundHost.hasPrefix("[") { names.insert("[\(boundHost.lowercased())]") }
        self.names = names
        acceptsIPLiterals = ["0.0.0.0", "::", "[::]"].contains(boundHost)
    }

    /// Whether a `Host` value (`name` or `name:port`) is acceptable.
    public func allows(_ host: String) -> Bool {
        let value = host.lowercased()
        let name: String
        if value.hasPrefix("[") {
            name = value.split(separator: "]", maxSplits: 1).first.map { $0 + "]" } ?? value
        } else if value.filter({ $0 == ":" }).count == 1 {
            name = String(value.split(separator: ":").first ?? "")
        } else {
            name = value
        }
        if names.contains(name) { return true }
        return acceptsIPLiterals && Self.isIPLiteral(name)
    }

    private static func isIPLiteral(_ name: String) -> Bool {
        if name.hasPrefix("[") { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }
    }
}

/// Refuses requests for other host names (421).
public struct HostCheckMiddleware: RouterMiddleware {
    /// The request context of every Folio route.
    public typealias Context = WebRequestContext
    let policy: HostPolicy

    /// Creates the middleware.
    public init(policy: HostPolicy) { self.policy = policy }

    /// Applies the rule, then passes the request on to `next`.
    public func handle(
        _ request: Request, context: WebRequestContext, next: (Request, WebRequestContext) async throws -> Response
    ) async throws -> Response {
        var hosts = request.headers[values: HTTPField.Name("Host")!]
        if let authority = request.head.authority { hosts.append(authority) }
        guard !hosts.isEmpty, hosts.allSatisfy(policy.allows) else {
            throw HTTPError(.misdirectedRequest, message: "This server answers only for its own address.")
        }
        return try await next(request, context)
    }
}
