import FeatureKitTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A login whose answer was lost, sent again with the same one-time token: the replayed answer logs that browser
/// in, and the database never holds the session id it hands back.
@Suite("folio serve replays a login with its session")
struct ServedLoginReplayTests {
    @Test("the same login sent again is answered with the first's redirect and session cookie, sealed in the store")
    func replayedLoginCarriesItsSession() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let server = try await ServeProcess.start(home: home, environment: [:])
            defer { _ = server.stop() }
            let browser = FormClient(baseURL: server.baseURL)
            let page = try await browser.get("/stocks/login")
            let once = try #require(ServedFolio.hiddenField("_once", in: page.body))
            let fields = [("email", "test@stockport.com"), ("password", "Test@123"), ("_once", once)]
            let first = try await browser.post("/stocks/login", fields: fields, from: page)
            #expect(first.status == 303, "\(first.status): \(first.body.prefix(300))")
            let session = try #require(browser.cookie("folio_session"), "the login set a session cookie")

            // The same browser, which never saw that answer: it holds its CSRF cookie and the form, no session.
            let lost = FormClient(baseURL: server.baseURL, cookies: ["folio_csrf": browser.cookie("folio_csrf")])
            let replayed = try await lost.post("/stocks/login", fields: fields, from: page)
            #expect(replayed.status == 303 && replayed.location == first.location)
            #expect(lost.cookie("folio_session") == session, "the replay hands back the login's session")
            let portfolio = try await lost.get("/stocks")
            #expect(portfolio.status == 200 && portfolio.body.contains("Logged in as test@stockport.com"))

            // A copy with another one-time token is a new login, never this one's session.
            let other = FormClient(baseURL: server.baseURL)
            let otherPage = try await other.get("/stocks/login")
            let wrongToken = [("email", "x@y.z"), ("password", "nope"), ("_once", once + "x")]
            _ = try await other.post("/stocks/login", fields: wrongToken, from: otherPage)
            #expect(other.cookie("folio_session") == nil)

            #expect(server.stop() == 0)
            let stored = try ["folio.sqlite", "folio.sqlite-wal"].map { name -> Data in
                let file = home.appendingPathComponent(name)
                return FileManager.default.fileExists(atPath: file.path) ? try Data(contentsOf: file) : Data()
            }
            #expect(!stored.contains { $0.range(of: Data(session.utf8)) != nil }, "the session id is not stored")
        }
    }
}
