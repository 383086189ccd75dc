import FeatureKitTesting
import Foundation
import NetworkingTesting
import Synchronization
import Testing

/// The Neds fixture with every start moved so the race that started 7 s after capture started `ago`
/// seconds before now.
private func nedsFixture(raceStartedAgo ago: Int) throws -> Data {
    let capturedAt = 1_768_438_793
    let shift = Int(Date().timeIntervalSince1970) - capturedAt - 7 - ago
    var root =
        try JSONSerialization.jsonObject(with: try Fixtures.data("neds/nextraces_j-_payload-1768438793569.json"))
        as! [String: Any]
    var data = root["data"] as! [String: Any]
    var summaries = data["race_summaries"] as! [String: Any]
    for (id, value) in summaries {
        var summary = value as! [String: Any]
        var start = summary["advertised_start"] as! [String: Any]
        start["seconds"] = (start["seconds"] as! Int) + shift
        summary["advertised_start"] = start
        summaries[id] = summary
    }
    data["race_summaries"] = summaries
    root["data"] = data
    return try JSONSerialization.data(withJSONObject: root)
}

/// Loopback stand-ins for the Neds and MF APIs.
private func fixtureServer(races: Data) async throws -> LoopbackServer {
    let list = try Fixtures.data("mfapi/list_sample_first50.json")
    let history = try Fixtures.data("mfapi/scheme_122639_history_full_3266pts.json")
    return try await LoopbackServer.start { request in
        switch request.path {
        case "/rest/v1/racing/", "/rest/v1/racing": .json(races)
        case "/mf": .json(list)
        case "/mf/122639": .json(history)
        default: LoopbackResponse(status: 404)
        }
    }
}

private func countdowns(_ dom: String) -> [String: String] {
    var result: [String: String] = [:]
    for row in dom.components(separatedBy: "<tr data-name=\"").dropFirst() {
        let name = String(row.prefix { $0 != "\"" })
        guard let cell = row.range(of: "data-start=\"") else { continue }
        let rest = row[cell.upperBound...]
        guard let open = rest.firstIndex(of: ">") else { continue }
        result[name] = String(rest[rest.index(after: open)...].prefix { $0 != "<" })
    }
    return result
}

/// The shares of `symbol` in the page's holdings table (`<table id="holdings">`), as shown.
private func holdingShares(_ symbol: String, in html: String) -> String? {
    guard let table = html.range(of: "<table id=\"holdings\">") else { return nil }
    let body = html[table.upperBound...]
    let end = body.range(of: "</table>")?.lowerBound ?? body.endIndex
    // A cell's text, its tags (the symbol's link, a label) dropped.
    func text(_ cell: String) -> String {
        var inTag = false
        return String(
            cell.filter { character in
                if character == "<" { inTag = true } else if character == ">" { inTag = false; return false }
                return !inTag
            })
    }
    for row in body[..<end].components(separatedBy: "<tr>").dropFirst() {
        // "<td…>MSFT</td>", "<td…>…" split at each cell's start; the first piece is before the first cell.
        let cells = row.components(separatedBy: "<td").dropFirst().map { "<td" + $0 }
        guard cells.count > 2, text(cells[0]).trimmingCharacters(in: .whitespaces) == symbol else { continue }
        return text(cells[2]).trimmingCharacters(in: .whitespaces)
    }
    return nil
}

/// Documents served by a loopback stand-in, set once the test has them.
private final class Pages: Sendable {
    private let documents = Mutex<[String: String]>([:])

    func set(_ path: String, _ text: String) { documents.withLock { $0[path] = text } }

    func body(_ path: String) -> Data { Data((documents.withLock { $0[path] } ?? "").utf8) }

    func type(_ path: String) -> String {
        path.hasSuffix(".js") ? "text/javascript" : path.hasSuffix(".css") ? "text/css" : "text/html; charset=utf-8"
    }
}

@Suite("folio serve in a real browser", .serialized)
struct BrowserEndToEndTests {
    @Test("the binary prints its address first, serves the dashboard and stops cleanly on SIGTERM")
    func serveAndStop() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let fixtures = try await fixtureServer(races: try nedsFixture(raceStartedAgo: 30))
            // A loaded CI machine may take longer than a page's 3 s to answer the first fetch; this test is about
            // serving and stopping, not the deadline (the page-policy tests cover that on a manual clock).
            let server = try ServeProcess(
                home: home,
                environment: [
                    "FOLIO_NEDS_URL": fixtures.baseURL.absoluteString,
                    "FOLIO_MFAPI_URL": fixtures.baseURL.absoluteString,
                    "FOLIO_WEB_PAGE_DEADLINE": "60s",
                ])
            #expect(server.firstLine.hasPrefix("Folio is serving on http://127.0.0.1:"))
            #expect(server.baseURL.port != 0)
            let (status, body) = try await server.get("/")
            #expect(status == 200)
            #expect(body.contains("<h1>Dashboard</h1>"))
            let (rebound, _) = try await server.get("/", headers: ["Host": "attacker.example"])
            #expect(rebound == 421 || rebound == 403)
            let (api, json) = try await server.get("/api/races/next")
            #expect(api == 200 && json.hasPrefix("{") && json.contains("\"races\" : ["), "the next-races report")
            let (events, _) = try await server.get("/nowhere")
            #expect(events == 404)
            #expect(server.stop() == 0, "SIGTERM is a graceful shutdown")
            await fixtures.stop()
        }
    }

    @Test(
        "countdowns tick in the browser and a race leaves a minute after its start",
        .enabled(
            if: Chromium.isInstalled, "chromium is not installed (apt-get install -y chromium); browser test skipped"))
    func countdownsTick() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let fixtures = try await fixtureServer(races: try nedsFixture(raceStartedAgo: 45))
            let server = try await ServeProcess.start(
                home: home, environment: ["FOLIO_NEDS_URL": fixtures.baseURL.absoluteString])
            defer { _ = server.stop() }
            // The board without its event stream: an open stream would keep Chromium's virtual time from advancing.
            let board = server.baseURL.appendingPathComponent("races").appending(queryItems: [
                URLQueryItem(name: "live", value: "0")
            ])
            let (_, served) = try await server.get(board.absoluteString)
            let before = countdowns(served)
            let leaving = "Race 6 at Shepparton"
            #expect(before[leaving]?.contains("started") == true, "served 45 s after its start")
            let dom = try await Chromium.dumpDOM(board, budget: 20_000)
            let after = countdowns(dom)
            #expect(!after.isEmpty, "the browser rendered the board")
            #expect(after[leaving] == nil, "gone once a minute past its start")
            let changed = after.filter { name, text in before[name].map { $0 != text } ?? false }
            #expect(!changed.isEmpty, "the countdown text changed: \(before) → \(after)")
            await fixtures.stop()
        }
    }

    @Test(
        "the fund page's SVG has one point per NAV of the range",
        .enabled(
            if: Chromium.isInstalled, "chromium is not installed (apt-get install -y chromium); browser test skipped"))
    func fundChart() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let fixtures = try await fixtureServer(races: Data("{}".utf8))
            let server = try await ServeProcess.start(
                home: home, environment: ["FOLIO_MFAPI_URL": fixtures.baseURL.absoluteString])
            defer { _ = server.stop() }
            // ?live=0: the alerts banner's event stream would keep Chromium's virtual time from advancing.
            let page = server.baseURL.appendingPathComponent("funds/122639")
                .appending(queryItems: [
                    URLQueryItem(name: "range", value: "MAX"), URLQueryItem(name: "live", value: "0"),
                ])
            let dom = try await Chromium.dumpDOM(page, budget: 2_000)
            let polyline = try #require(dom.range(of: "<polyline"))
            let attribute = try #require(dom[polyline.upperBound...].range(of: "points=\""))
            let points = dom[attribute.upperBound...].prefix { $0 != "\"" }
            #expect(points.split(separator: " ").count == 3266)
            await fixtures.stop()
        }
    }

    @Test(
        "a buy through the stocks form changes the portfolio the browser shows",
        .enabled(
            if: Chromium.isInstalled, "chromium is not installed (apt-get install -y chromium); browser test skipped"))
    func buyThroughTheForm() async throws {
        try await FolioBinary.withTemporaryHome { home in
            // Prices from the bundled simulated market: no quotes service, nothing on the network.
            let server = try await ServeProcess.start(home: home, environment: [:])
            defer { _ = server.stop() }
            let browser = FormClient(baseURL: server.baseURL)
            // A new account, so the portfolio starts without the stock: the holding can only come from the buy.
            let signup = try await browser.get("/stocks/signup")
            #expect(signup.status == 200)
            let email = "browser-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let password = "correct horse battery staple"
            let signedUp = try await browser.post(
                "/stocks/signup", fields: [("email", email), ("password", password), ("confirmation", password)],
                from: signup)
            #expect(signedUp.status == 303 && signedUp.location == "/stocks", "sign-up logs in: \(signedUp.body)")
            let session = try #require(browser.cookie("folio_session"), "the sign-up set a session cookie")
            let before = try await browser.get("/stocks")
            #expect(before.status == 200 && before.body.contains("Logged in as \(email)"))
            #expect(holdingShares("MSFT", in: before.body) == nil, "a new account holds nothing")
            let bought = try await browser.post(
                "/stocks/trade", fields: [("symbol", "msft"), ("quantity", "4"), ("side", "buy")], from: before)
            #expect(bought.status == 303 && bought.location == "/stocks", "the buy went through: \(bought.body)")
            // The browser gets the session the way a logged-in browser holds it: an HttpOnly cookie for the
            // server's host. Cookies are per host, not per port, so a loopback page on another port sets it and
            // redirects to /stocks, where Chromium sends it as its own.
            // The plain page (?live=0): an open price stream never lets a dumped page settle.
            let stocks = server.baseURL.appendingPathComponent("stocks").absoluteString + "?live=0"
            let handoff = try await LoopbackServer.start { _ in
                LoopbackResponse(
                    status: 302,
                    headers: [
                        "Location": stocks, "Set-Cookie": "folio_session=\(session); Path=/; HttpOnly; SameSite=Strict",
                    ])
            }
            let dom = try await Chromium.dumpDOM(handoff.baseURL.appendingPathComponent("handoff"), budget: 3_000)
            await handoff.stop()
            #expect(dom.contains("Logged in as \(email)"), "Chromium showed the portfolio, not the login page")
            #expect(holdingShares("MSFT", in: dom) == "4", "the new holding is in the browser's portfolio table")
        }
    }

    @Test(
        "results as you type send the form's filters with the query",
        .enabled(
            if: Chromium.isInstalled, "chromium is not installed (apt-get install -y chromium); browser test skipped"))
    func liveSearchCarriesFilters() async throws {
        try await FolioBinary.withTemporaryHome { home in
            // The real /funds page and script from the binary, served again from a loopback origin that also
            // answers the JSON route, so the browser's own search request can be seen; one extra script types.
            let pages = Pages()
            let fixtures = try await LoopbackServer.start { request in
                switch request.path {
                case "/api/funds/search":
                    .json(#"[{"code": 122639, "name": "Parag Parikh Flexi Cap Fund - Direct Plan - Growth"}]"#)
                case "/funds", "/assets/folio.js", "/assets/folio.css":
                    LoopbackResponse(
                        status: 200, headers: ["Content-Type": pages.type(request.path)], body: pages.body(request.path)
                    )
                default: LoopbackResponse(status: 404)
                }
            }
            let server = try await ServeProcess.start(
                home: home, environment: ["FOLIO_MFAPI_URL": fixtures.baseURL.absoluteString])
            defer { _ = server.stop() }
            let (status, page) = try await server.get("/funds?category=&house=&plan=direct&option=growth")
            #expect(status == 200)
            // After `load`, when folio.js (deferred) has wired the box: type as a person would.
            let typing = """
                <script>window.addEventListener("load", function () {
                  var box = document.querySelector("input[name=q]"); box.value = "parag"; box.dispatchEvent(new Event("input"));
                });</script></body>
                """
            pages.set("/funds", page.replacingOccurrences(of: "</body>", with: typing))
            pages.set("/assets/folio.js", try await server.get("/assets/folio.js").1)
            pages.set("/assets/folio.css", try await server.get("/assets/folio.css").1)
            let dom = try await Chromium.dumpDOM(fixtures.baseURL.appendingPathComponent("funds"), budget: 3_000)
            let searches = fixtures.requests.filter { $0.path == "/api/funds/search" }
            #expect(searches.count == 1, "one request after the pause in typing")
            let query = Dictionary(uniqueKeysWithValues: (searches.first?.query ?? []).map { ($0.name, $0.value) })
            #expect(
                query == ["q": "parag", "plan": "direct", "option": "growth"], "the chosen filters, and no empty ones")
            #expect(
                dom.contains(
                    "<a href=\"/funds/122639\">Parag Parikh Flexi Cap Fund - Direct Plan - Growth (122639)</a>"))
            await fixtures.stop()
        }
    }

    @Test(
        "/races/events streams the board from the shared ticker, and SIGTERM closes the stream and stops the server",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"),
            "curl is not installed; stream test skipped"))
    func eventsAndShutdown() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let fixtures = try await fixtureServer(races: try nedsFixture(raceStartedAgo: 10))
            let server = try ServeProcess(
                home: home, environment: ["FOLIO_NEDS_URL": fixtures.baseURL.absoluteString],
                arguments: ["--refresh", "1s"])
            let curl = Process()
            curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            curl.arguments = [
                "-sN", "--max-time", "30", server.baseURL.appendingPathComponent("races/events").absoluteString,
            ]
            let output = Pipe()
            curl.standardOutput = output
            try curl.run()
            // Reads until the first board event (the ticker ticks every second; --refresh 1s sends the board each tick).
            let text = try await read(output.fileHandleForReading, until: "event: board")
            #expect(text.contains("event: board"))
            #expect(text.contains("data: {"))
            #expect(server.stop() == 0, "graceful shutdown with a stream open")
            curl.waitUntilExit()
            #expect(curl.terminationStatus == 0, "the stream was closed by the server, not by curl's 30 s limit")
            await fixtures.stop()
        }
    }
}
