import FeatureKitTesting
import Foundation
import PersistencePostgresTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Logs `browser` in with the demo account; the session cookie's value.
private func logIn(_ browser: FormClient) async throws -> String {
    let page = try await browser.get("/stocks/login")
    let loggedIn = try await browser.post(
        "/stocks/login", fields: [("email", "test@stockport.com"), ("password", "Test@123")], from: page)
    #expect(loggedIn.status == 303, "\(loggedIn.status): \(loggedIn.body.prefix(500))")
    return try #require(browser.cookie("folio_session"), "the login set a session cookie")
}

/// Whether `server` shows the portfolio to a browser holding `session` (a redirect to the login page otherwise).
/// Asked without a cookie store of its own: a shared one would send the cookies an earlier server set on this host
/// (cookies are per host, not per port) instead of the one given.
private func isLoggedIn(_ server: ServeProcess, session: String) async throws -> Bool {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpShouldSetCookies = false
    configuration.httpCookieStorage = nil
    var request = URLRequest(url: server.baseURL.appendingPathComponent("stocks"))
    request.setValue("folio_session=\(session)", forHTTPHeaderField: "Cookie")
    let (data, response) = try await URLSession(configuration: configuration).data(for: request)
    return (response as? HTTPURLResponse)?.statusCode == 200
        && String(decoding: data, as: UTF8.self).contains("Logged in as test@stockport.com")
}

/// The host's wiring of browser sessions, on the built binary: sessions live in the database `folio serve` uses.
@Suite(.serialized) struct ServedSessionTests {
    @Test("a browser login survives a restart of `folio serve` on the same folio.sqlite")
    func survivesRestart() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let first = try await ServeProcess.start(home: home, environment: [:])
            let session = try await logIn(FormClient(baseURL: first.baseURL))
            #expect(try await isLoggedIn(first, session: session))
            #expect(first.stop() == 0)
            let second = try await ServeProcess.start(home: home, environment: [:])
            defer { _ = second.stop() }
            #expect(try await isLoggedIn(second, session: session), "the restarted server knows the login")
            #expect(try await !isLoggedIn(second, session: "Zm9yZ2Vk"), "an id it never gave is no login")
        }
    }

    @Test(
        "two servers on one PostgreSQL database share a browser's login, and a logout on one ends it on both",
        .enabled(if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.skipReason)))
    func sharedOnPostgres() async throws {
        try await PostgresTestDatabase.withSchemaURL { url in
            try await FolioBinary.withTemporaryHome { first in
                try await FolioBinary.withTemporaryHome { second in
                    let shared = ["FOLIO_DATABASE_URL": url]
                    let one = try await ServeProcess.start(home: first, environment: shared)
                    defer { _ = one.stop() }
                    let two = try await ServeProcess.start(home: second, environment: shared)
                    defer { _ = two.stop() }
                    let browser = FormClient(baseURL: one.baseURL)
                    let session = try await logIn(browser)
                    #expect(try await isLoggedIn(two, session: session), "the other server knows the login")
                    let portfolio = try await browser.get("/stocks")
                    let out = try await browser.post("/stocks/logout", fields: [], from: portfolio)
                    #expect(out.status == 303)
                    #expect(try await !isLoggedIn(two, session: session), "the logout ended it on the other server too")
                }
            }
        }
    }
}
