import Foundation

/// An HTTP request as a value: what to send, where, and how long to wait.
public struct HTTPRequest: Sendable, Hashable {
    /// The HTTP method, upper case.
    public var method: String
    /// The absolute URL.
    public var url: URL
    /// Header fields; names are matched case-insensitively when read through ``HTTPHeaders``.
    public var headers: HTTPHeaders
    /// The body, if any.
    public var body: Data?
    /// The total time allowed for this request, overriding the client's default.
    public var timeout: Duration?

    /// Creates a request.
    public init(
        method: String = "GET", url: URL, headers: HTTPHeaders = [:], body: Data? = nil, timeout: Duration? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// A GET request for `path` under `baseURL` with query items in the order given.
    ///
    /// `path` is appended to the base URL's own path, so a base of `http://127.0.0.1:8080/api` and a path of
    /// `/mf/123` give `http://127.0.0.1:8080/api/mf/123`.
    public static func get(
        _ baseURL: URL, path: String, query: [(String, String)] = [], headers: HTTPHeaders = [:]
    ) -> HTTPRequest {
        HTTPRequest(url: baseURL.appendingPathAndQuery(path: path, query: query), headers: headers)
    }

    /// Whether repeating this request cannot change anything on the server, which makes it safe to retry: an
    /// idempotent method, or any request carrying an `Idempotency-Key` (the receiver drops a repeat of the key).
    public var isIdempotent: Bool {
        ["GET", "HEAD", "OPTIONS", "PUT", "DELETE"].contains(method.uppercased()) || headers["Idempotency-Key"] != nil
    }
}

extension URL {
    /// This URL with `path` appended to its path and `query` as its percent-encoded query string.
    public func appendingPathAndQuery(path: String, query: [(String, String)]) -> URL {
        var components = URLComponents(url: self, resolvingAgainstBaseURL: false) ?? URLComponents()
        let basePath =
            components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        let extra = path.hasPrefix("/") || path.isEmpty ? path : "/" + path
        components.percentEncodedPath = basePath + extra
        if !query.isEmpty {
            components.queryItems = (components.queryItems ?? []) + query.map { URLQueryItem(name: $0.0, value: $0.1) }
        }
        return components.url ?? self
    }
}
