import ArgumentParser
import FeatureKit
import FeatureKitTesting
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Persistence
import StockTradingCommands
import StockTradingWeb
import Testing
import Timing
import TimingTesting

private let localhost: HTTPFields = [HTTPField.Name("Host")!: "localhost"]
private let secret = "stocks-test-secret"

private struct Setup {
    let timing = Timing.test(now: Date(timeIntervalSince1970: 1_764_000_000))
    let store = InMemoryDatabase().store(namespace: "stocks")

    func context(terminal: any Terminal = CapturedTerminal()) -> FeatureContext {
        .test(featureID: "stocks", store: store, timing: timing, terminal: terminal)
    }

    func application() -> some ApplicationProtocol {
        let environment = WebEnvironment(
            runner: CommandRunner(features: [(descriptor: StockTradingPlugin.descriptor, context: context())]),
            layout: Layout(navigation: [StockTradingWeb.feature.navigation]), ticker: Ticker(clock: timing.clock),
            timing: timing, sessions: SessionStore(now: { Date() }))
        return Application(
            router: WebServer.router(
                features: [StockTradingWeb.feature], environment: environment, configuration: WebServerConfiguration(secret: secret)))
    }

    /// `folio stocks …` on the same store, as the CLI user.
    func cli(_ arguments: [String]) async -> (String, FolioError?) {
        let terminal = CapturedTerminal()
        do {
            let command = try StockTradingPlugin.descriptor.command.parseAsRoot(arguments) as! any FeatureCommand
            try await command.run(in: context(terminal: terminal))
            return (terminal.output, nil)
        } catch {
            return (terminal.output, FolioError.from(error))
        }
    }
}

private func post(_ body: String, cookie: String? = nil) -> (HTTPFields, ByteBuffer) {
    var headers = localhost
    headers[.cookie] = "\(CSRF.cookieName)=seed" + (cookie.map { "; \($0)" } ?? "")
    headers[.contentType] = "application/x-www-form-urlencoded"
    return (headers, ByteBuffer(string: body + "&_csrf=" + CSRF.token(seed: "seed", secret: secret)))
}

private func sessionCookie(_ response: TestResponse) -> String? {
    response.headers[values: .setCookie].first { $0.hasPrefix("folio_session=") }
}

@Suite("/stocks pages")
struct StocksPagesTests {
    @Test("stock pages need a login: 303 to /stocks/login")
    func needsLogin() async throws {
        try await Setup().application().test(.router) { client in
            for path in ["/stocks", "/stocks/history", "/stocks/watchlist", "/stocks/alerts", "/stocks/analytics"] {
                try await client.execute(uri: path, method: .get, headers: localhost) { response in
                    #expect(response.status == .seeOther)
                    #expect(response.headers[.location] == "/stocks/login")
                }
            }
        }
    }

    @Test("login with the CLI's rules sets an HttpOnly SameSite=Strict session; a buy through the form changes the portfolio")
    func loginAndBuy() async throws {
        let setup = Setup()
        try await setup.application().test(.router) { client in
            let (wrongHeaders, wrongBody) = post("email=test%40stockport.com&password=nope")
            try await client.execute(uri: "/stocks/login", method: .post, headers: wrongHeaders, body: wrongBody) { response in
                #expect(response.status == .unauthorized)
                #expect(String(buffer: response.body).contains("id=\"password-error\""))
                #expect(sessionCookie(response) == nil)
            }
            let (headers, body) = post("email=test%40stockport.com&password=Test%40123")
            let cookie = try await client.execute(uri: "/stocks/login", method: .post, headers: headers, body: body) { response in
                #expect(response.status == .seeOther)
                let cookie = try #require(sessionCookie(response))
                #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Max-Age="))
                return String(cookie.prefix { $0 != ";" })
            }
            var session = localhost
            session[.cookie] = cookie
            try await client.execute(uri: "/stocks", method: .get, headers: session) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("Logged in as test@stockport.com"))
            }
            let (buyHeaders, buyBody) = post("symbol=AAPL&quantity=3&side=buy", cookie: cookie)
            try await client.execute(uri: "/stocks/trade", method: .post, headers: buyHeaders, body: buyBody) { response in
                #expect(response.status == .seeOther)
            }
            try await client.execute(uri: "/stocks", method: .get, headers: session) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("<td>AAPL</td>"))
            }
            try await client.execute(uri: "/stocks/analytics", method: .get, headers: session) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("id=\"analytics-figures\"") && html.contains("Allocation by sector"))
            }
            try await client.execute(uri: "/stocks/history", method: .get, headers: session) { response in
                #expect(String(buffer: response.body).contains("AAPL"))
            }
            let (badHeaders, badBody) = post("symbol=AAPL&quantity=0&side=buy", cookie: cookie)
            try await client.execute(uri: "/stocks/trade", method: .post, headers: badHeaders, body: badBody) { response in
                let html = String(buffer: response.body)
                #expect(response.status != .seeOther)
                #expect(html.contains("field-error"))
                #expect(html.contains("value=\"0\""))
            }
        }
        let (_, whoami) = await setup.cli(["whoami"])
        #expect(whoami != nil, "the browser's login is its own: the CLI's session is untouched")
    }

    @Test("sign-up refuses a weak password with the CLI's message next to the field")
    func weakPassword() async throws {
        try await Setup().application().test(.router) { client in
            let (headers, body) = post("email=new%40example.com&password=short&confirmation=short")
            try await client.execute(uri: "/stocks/signup", method: .post, headers: headers, body: body) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .unprocessableContent)
                #expect(html.contains("id=\"password-error\""))
                #expect(html.contains("value=\"new@example.com\""))
            }
        }
    }

    @Test("log out ends the session")
    func logout() async throws {
        try await Setup().application().test(.router) { client in
            let (headers, body) = post("email=test%40stockport.com&password=Test%40123")
            let cookie = try await client.execute(uri: "/stocks/login", method: .post, headers: headers, body: body) { response in
                String(try #require(sessionCookie(response)).prefix { $0 != ";" })
            }
            let (outHeaders, outBody) = post("", cookie: cookie)
            try await client.execute(uri: "/stocks/logout", method: .post, headers: outHeaders, body: outBody) { response in
                #expect(response.status == .seeOther)
            }
            var session = localhost
            session[.cookie] = cookie
            try await client.execute(uri: "/stocks", method: .get, headers: session) { response in
                #expect(response.status == .seeOther)
            }
        }
    }
}
