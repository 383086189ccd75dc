import Foundation

/// Proxies named by the environment, read the way curl reads them, so the live transport goes where
/// URLSession (on libcurl) went before it.
///
/// `http_proxy` (lower case only: a CGI script can be handed `HTTP_PROXY` by a client) for http URLs,
/// `https_proxy` or `HTTPS_PROXY` for https, `all_proxy` or `ALL_PROXY` for both when those are unset;
/// `no_proxy` or `NO_PROXY`: comma-separated hosts or domains reached directly, `*` for all of them.
/// Loopback hosts are always reached directly.
public struct ProxySettings: Sendable, Equatable {
    /// A proxy server.
    public struct Server: Sendable, Hashable {
        /// Host name or address.
        public var host: String
        /// Port; 1080 when the variable names none, as curl assumes.
        public var port: Int
        /// `user:password` from the proxy URL (percent-decoded), sent as Basic proxy authorization.
        public var credentials: Credentials?

        /// Creates a server.
        public init(host: String, port: Int, credentials: Credentials? = nil) {
            self.host = host
            self.port = port
            self.credentials = credentials
        }
    }

    /// A proxy user and password; never part of a description, so never printed.
    public struct Credentials: Sendable, Hashable, CustomStringConvertible {
        /// The user name.
        public var user: String
        /// The password.
        public var password: String

        /// Creates credentials.
        public init(user: String, password: String) {
            self.user = user
            self.password = password
        }

        /// A redacted form for logs and errors.
        public var description: String { "credentials for \(user)" }
    }

    /// The proxy for http URLs.
    public var http: Server?
    /// The proxy for https URLs.
    public var https: Server?
    /// Hosts and domains reached directly.
    public var noProxy: [String]

    /// Settings with no proxy.
    public init(http: Server? = nil, https: Server? = nil, noProxy: [String] = []) {
        self.http = http
        self.https = https
        self.noProxy = noProxy
    }

    /// The settings `environment` names.
    public init(environment: [String: String]) {
        func value(_ names: String...) -> String? {
            names.lazy.compactMap { environment[$0] }.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        }
        let all = value("all_proxy", "ALL_PROXY").flatMap(Self.server)
        http = value("http_proxy").flatMap(Self.server) ?? all
        https = value("https_proxy", "HTTPS_PROXY").flatMap(Self.server) ?? all
        noProxy = (value("no_proxy", "NO_PROXY") ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty }
    }

    /// The proxy to use for `url`, or nil to connect directly.
    public func server(for url: URL) -> Server? {
        guard let host = url.host?.lowercased(), !Self.isLoopback(host), !bypasses(host) else { return nil }
        switch url.scheme?.lowercased() {
        case "http": return http
        case "https": return https
        default: return nil
        }
    }

    private func bypasses(_ host: String) -> Bool {
        noProxy.contains { entry in
            if entry == "*" { return true }
            let domain = entry.hasPrefix(".") ? String(entry.dropFirst()) : entry
            return host == domain || host.hasSuffix("." + domain)
        }
    }

    private static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host.hasSuffix(".localhost") || host.hasPrefix("127.") || host == "::1"
            || host == "[::1]"
    }

    /// `http://user:pass@proxy:3128`, `proxy:3128` or `proxy` → a server; nil when unreadable.
    static func server(_ text: String) -> Server? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let withScheme = trimmed.contains("://") ? trimmed : "http://" + trimmed
        guard let components = URLComponents(string: withScheme), let host = components.host, !host.isEmpty else {
            return nil
        }
        let credentials = components.user.map { user in
            Credentials(user: user, password: components.password ?? "")
        }
        return Server(host: host, port: components.port ?? 1080, credentials: credentials)
    }
}
