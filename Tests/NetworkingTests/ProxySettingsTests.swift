import Foundation
import Networking
import NetworkingAsyncHTTPClient
import NetworkingTesting
import Testing

/// Proxies from the environment, as curl reads them, and requests that really go through one.
@Suite(.timeLimit(.minutes(10))) struct ProxySettingsTests {
    private let remote = URL(string: "http://api.example.com/mf")!
    private let secure = URL(string: "https://api.example.com/mf")!

    @Test func readsTheVariablesCurlReads() {
        let settings = ProxySettings(environment: [
            "http_proxy": "http://proxy.corp:3128", "HTTPS_PROXY": "secure.corp", "NO_PROXY": " .internal, mfapi.in ",
        ])
        #expect(settings.http == .init(host: "proxy.corp", port: 3128))
        #expect(settings.https == .init(host: "secure.corp", port: 1080))
        #expect(settings.noProxy == [".internal", "mfapi.in"])
        #expect(settings.server(for: remote) == .init(host: "proxy.corp", port: 3128))
        #expect(settings.server(for: secure) == .init(host: "secure.corp", port: 1080))
    }

    @Test func credentialsInTheProxyURLAreReadAndNeverPrinted() throws {
        let settings = ProxySettings(environment: ["https_proxy": "http://ann:s%40cret@proxy.corp:8080"])
        let server = try #require(settings.https)
        #expect(server.host == "proxy.corp" && server.port == 8080)
        #expect(server.credentials == .init(user: "ann", password: "s@cret"))
        #expect(!"\(server)".contains("cret"))
    }

    @Test func upperCaseHTTPProxyIsIgnoredAndAllProxyFillsIn() {
        let settings = ProxySettings(environment: ["HTTP_PROXY": "evil:1", "ALL_PROXY": "fallback:8080"])
        #expect(settings.http == .init(host: "fallback", port: 8080))
        #expect(settings.https == .init(host: "fallback", port: 8080))
        #expect(ProxySettings(environment: ["HTTP_PROXY": "evil:1"]).server(for: remote) == nil)
    }

    @Test func noProxyAndLoopbackGoDirect() {
        let settings = ProxySettings(environment: [
            "http_proxy": "proxy:3128", "https_proxy": "proxy:3128", "no_proxy": "example.com",
        ])
        #expect(settings.server(for: remote) == nil)
        #expect(settings.server(for: URL(string: "http://sub.api.example.com/")!) == nil)
        #expect(settings.server(for: URL(string: "http://notexample.com/")!) != nil)
        #expect(settings.server(for: URL(string: "http://127.0.0.1:8080/")!) == nil)
        #expect(settings.server(for: URL(string: "http://localhost/")!) == nil)
        #expect(ProxySettings(environment: ["http_proxy": "proxy:3128", "no_proxy": "*"]).server(for: remote) == nil)
        #expect(ProxySettings(environment: [:]).server(for: remote) == nil)
    }

    @Test func aRequestGoesThroughTheProxyServer() async throws {
        let proxy = try await LoopbackServer.start(Self.proxy(answering: "{\"via\":\"proxy\"}"))
        defer { Task { await proxy.stop() } }
        let port = try #require(proxy.baseURL.port)
        let transport = AsyncHTTPClientTransport(
            configuration: .init(
                connectTimeout: .seconds(60), totalTimeout: .seconds(60), userAgent: "folio/test",
                proxies: ProxySettings(http: .init(host: "127.0.0.1", port: port))))
        let response = try await transport.send(.get(URL(string: "http://api.example.invalid")!, path: "/mf/122639"))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "{\"via\":\"proxy\"}")
        let forwarded = proxy.requests.last { $0.method != "CONNECT" }
        #expect(forwarded?.headers["host"] == "api.example.invalid")
        #expect(proxy.requests.allSatisfy { $0.headers["proxy-authorization"] == nil })
        try await transport.shutdown()
    }

    @Test func credentialsReachTheProxyAsBasicAuthorization() async throws {
        let proxy = try await LoopbackServer.start(Self.proxy(answering: "{}"))
        defer { Task { await proxy.stop() } }
        let port = try #require(proxy.baseURL.port)
        let server = ProxySettings.Server(
            host: "127.0.0.1", port: port, credentials: .init(user: "ann", password: "s@cret"))
        // Generous timeouts: they only end a failed test, and a loaded machine running the whole suite needs them.
        let transport = AsyncHTTPClientTransport(
            configuration: .init(
                connectTimeout: .seconds(60), totalTimeout: .seconds(60), userAgent: "folio/test",
                proxies: ProxySettings(http: server)))
        _ = try await transport.send(.get(URL(string: "http://api.example.invalid")!, path: "/x"))
        let expected = "Basic " + Data("ann:s@cret".utf8).base64EncodedString()
        #expect(proxy.requests.contains { $0.headers["proxy-authorization"] == expected })
        try await transport.shutdown()
    }

    /// A minimal proxy: a CONNECT gets an empty 200 (the tunnel is then this same server), anything else `body`.
    private static func proxy(answering body: String) -> @Sendable (LoopbackRequest) async throws -> LoopbackResponse {
        { request in
            request.method == "CONNECT" ? LoopbackResponse(status: 200, headers: [:], body: Data()) : .json(body)
        }
    }
}
