import FeatureKit
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Persistence
import Testing
import Timing
import TimingTesting

/// A feature with a login, for the session tests: `/me` says who the browser is, `/login` and `/logout` start
/// and end its session; `/plain` is a route that does not use sessions.
private let sessionFeature = WebFeature(
    id: "account", navigation: NavigationEntry(title: "Account", path: "/me"),
    routes: { router, environment in
        let sessions = environment.sessions.routes(router)
        sessions.get("/me") { _, context in context.browserSession?.email ?? "anonymous" }
        sessions.post("/login") { request, context in
            try await environment.sessions.start(
                BrowserSession(userID: "u1", email: "a@example.com", payload: Data("login".utf8)), request: request,
                context: context)
            return WebResponses.redirect(to: "/me")
        }
        sessions.post("/logout") { _, context in
            environment.sessions.end(context: context)
            return WebResponses.redirect(to: "/me")
        }
        router.get("/plain") { _, context in context.browserSession == nil ? "no session here" : "a session leaked" }
    })

private func application(sessions: BrowserSessions, timing: Timing) -> some ApplicationProtocol {
    let environment = WebEnvironment(
        contexts: [:], layout: Layout(navigation: [sessionFeature.navigation]), ticker: Ticker(clock: timing.clock),
        timing: timing, sessions: sessions)
    return Application(
        router: WebServer.router(
            features: [sessionFeature, demoFeature], environment: environment,
            configuration: WebServerConfiguration(secret: testSecret)))
}

/// Headers for a request carrying `session` (a `folio_session` value), with the CSRF token a post needs.
private func headers(session: String? = nil) -> HTTPFields {
    var headers = localhost
    headers[.cookie] = "\(CSRF.cookieName)=seed" + (session.map { "; \(BrowserSessions.cookieName)=\($0)" } ?? "")
    headers[HTTPField.Name(CSRF.headerName)!] = CSRF.token(seed: "seed", secret: testSecret)
    return headers
}

private func logIn(
    _ client: some TestClientProtocol, session: String? = nil
) async throws -> (id: String, setCookie: String) {
    try await client.execute(uri: "/login", method: .post, headers: headers(session: session)) { response in
        #expect(response.status == .seeOther)
        let setCookie = try #require(
            response.headers[values: .setCookie].first { $0.hasPrefix(BrowserSessions.cookieName + "=") })
        return (try #require(response.cookie(BrowserSessions.cookieName)), setCookie)
    }
}

private func whoIs(_ client: some TestClientProtocol, session: String) async throws -> String {
    try await client.execute(uri: "/me", method: .get, headers: headers(session: session)) { $0.text }
}

@Suite("browser sessions: hummingbird-auth's middleware on the Persistence kernel")
struct BrowserSessionsTests {
    let wallClock = PinnedWallClock(Date(timeIntervalSince1970: 1_764_000_000))
    var timing: Timing { Timing(clock: ManualClock(), wallClock: wallClock) }

    @Test(
        "a login survives a server restart: two servers one after the other on one database, the cookie HttpOnly and SameSite=Strict",
        arguments: SessionBackend.available)
    func survivesRestart(backend: SessionBackend) async throws {
        let timing = timing
        try await backend.withDatabase(wallClock: wallClock) { open in
            let first = BrowserSessions(store: try open().store(namespace: "web"), now: { timing.now() })
            let (id, setCookie) = try await application(sessions: first, timing: timing).test(.router) {
                try await logIn($0)
            }
            #expect(
                setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict") && setCookie.contains("Path=/"))
            #expect(setCookie.contains("Expires="), "a persistent cookie: the browser keeps it across its own restarts")
            #expect(Data(base64Encoded: id)?.count == 32, "256 random bits")
            let database = try open()
            let keys = try await database.store(namespace: "web").read {
                try $0.scan(.all, limit: nil, reverse: false).map(\.key)
            }
            #expect(keys.count == 1 && !keys[0].contains(id), "the store holds the id's digest, never the id")
            let restarted = BrowserSessions(store: database.store(namespace: "web"), now: { timing.now() })
            let who = try await application(sessions: restarted, timing: timing).test(.router) { client in
                try await whoIs(client, session: id)
            }
            #expect(who == "a@example.com", "the restarted server knows the login")
        }
    }

    @Test("a session expires by the injected clock: the browser is anonymous again and the record is gone")
    func expires() async throws {
        let store = InMemoryDatabase().store(namespace: "web")
        let timing = timing
        let sessions = BrowserSessions(store: store, lifetime: .seconds(3600), now: { timing.now() })
        try await application(sessions: sessions, timing: timing).test(.router) { client in
            let (id, _) = try await logIn(client)
            wallClock.advance(by: 3599)
            #expect(try await whoIs(client, session: id) == "a@example.com")
            wallClock.advance(by: 1)
            #expect(try await whoIs(client, session: id) == "anonymous")
            #expect(try await store.read { try $0.count(.all) } == 0)
        }
    }

    @Test("logout deletes the session from the store and expires the cookie; the old cookie is worth nothing")
    func logout() async throws {
        let store = InMemoryDatabase().store(namespace: "web")
        let timing = timing
        try await application(sessions: BrowserSessions(store: store, now: { timing.now() }), timing: timing).test(
            .router
        ) { client in
            let (id, _) = try await logIn(client)
            #expect(try await store.read { try $0.count(.all) } == 1)
            try await client.execute(uri: "/logout", method: .post, headers: headers(session: id)) { response in
                #expect(response.status == .seeOther)
                let cleared = try #require(
                    response.headers[values: .setCookie].first { $0.hasPrefix(BrowserSessions.cookieName + "=") })
                let expires = try #require(cleared.split(separator: ";").first { $0.contains("Expires=") })
                let format = DateFormatter()
                format.locale = Locale(identifier: "en_US_POSIX")
                format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
                let date = try #require(format.date(from: String(expires.split(separator: "=")[1])))
                #expect(date <= Date(), "the cookie is expired, so the browser drops it")
            }
            #expect(try await store.read { try $0.count(.all) } == 0)
            #expect(try await whoIs(client, session: id) == "anonymous")
        }
    }

    @Test("a login always gets a new id: a planted id is ignored and the session it replaces is deleted")
    func noFixation() async throws {
        let store = InMemoryDatabase().store(namespace: "web")
        let timing = timing
        try await application(sessions: BrowserSessions(store: store, now: { timing.now() }), timing: timing).test(
            .router
        ) { client in
            let planted = "cGxhbnRlZCBieSBhbiBhdHRhY2tlciBvbiBhIHNoYXJlZCBjb21wdXRlcg=="
            let (first, _) = try await logIn(client, session: planted)
            #expect(first != planted)
            #expect(try await whoIs(client, session: planted) == "anonymous")
            let (second, _) = try await logIn(client, session: first)
            #expect(second != first)
            #expect(try await whoIs(client, session: first) == "anonymous", "the session logged in again from is gone")
            #expect(try await whoIs(client, session: second) == "a@example.com")
            #expect(try await store.read { try $0.count(.all) } == 1)
        }
    }

    @Test("routes that do not use sessions neither see one nor set the cookie")
    func onlyWhereUsed() async throws {
        let timing = timing
        try await application(sessions: BrowserSessions(now: { timing.now() }), timing: timing).test(.router) {
            client in
            let (id, _) = try await logIn(client)
            for path in ["/plain", "/demo", "/", "/me", "/api/openapi.json", "/assets/folio.css"] {
                try await client.execute(uri: path, method: .get, headers: headers(session: id)) { response in
                    #expect(response.status == .ok, "\(path)")
                    #expect(response.cookie(BrowserSessions.cookieName) == nil, "\(path) set the session cookie")
                    if path == "/plain" { #expect(response.text == "no session here") }
                }
            }
        }
    }
}
