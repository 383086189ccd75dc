import ArgumentParser
import FeatureCLI
import FeatureKit
import FeatureKitTesting
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MutualFundsCommands
import MutualFundsWeb
import Networking
import NetworkingTesting
import Persistence
import Settings
import Testing
import Timing
import TimingTesting

private let localhost: HTTPFields = [HTTPField.Name("Host")!: "localhost"]
private let secret = PortfolioSetup.secret

/// A funds context answering `/mf` with the 50-scheme list and `/mf/122639` with the 3,266-point history.
private typealias Setup = PortfolioSetup

private func formHeaders() -> HTTPFields {
    var headers = localhost
    headers[.cookie] = "\(CSRF.cookieName)=seed"
    headers[.contentType] = "application/x-www-form-urlencoded"
    return headers
}

@Suite("/funds pages")
struct FundPagesTests {
    @Test(
        "every GET /api route answers byte for byte the document `--format json` prints (the terminal adds only its newline)",
        arguments: [
            ("/api/funds/122639", ["show", "122639"]),
            ("/api/funds/122639?range=MAX", ["show", "122639", "--range", "MAX"]),
            ("/api/funds/122639?range=3y", ["show", "122639", "--range", "3Y"]),
            ("/api/funds/search?q=grindlays&plan=direct", ["search", "grindlays", "--plan", "direct"]),
            ("/api/funds/search?q=grindlays", ["search", "grindlays"]),
            (
                "/api/funds/search?q=aditya&category=debt&option=idcw&limit=3",
                ["search", "aditya", "--category", "debt", "--option", "idcw", "--limit", "3"]
            ),
            (
                "/api/funds/122639/history?from=2024-01-01&to=2024-03-31",
                ["history", "122639", "--from", "2024-01-01", "--to", "2024-03-31"]
            ),
            ("/api/funds/122639/nav?on=2024-03-30", ["nav", "122639", "--on", "2024-03-30"]),
            ("/api/funds/122639/nav", ["nav", "122639"]),
            ("/api/funds/122639/rolling?window=1Y", ["rolling", "122639", "--window", "1Y"]),
            ("/api/funds/122639/rolling", ["rolling", "122639"]),
        ])
    func apiEqualsCLI(route: String, arguments: [String]) async throws {
        let setup = try Setup()
        let printed = try await setup.cli(arguments + ["--format", "json"])
        #expect(printed.count > 3, "the command printed a document")
        try await setup.application().test(.router) { client in
            try await client.execute(uri: route, method: .get, headers: localhost) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(String(buffer: response.body) == printed)
            }
        }
    }

    @Test("the fund page's SVG has one point per NAV in the range: 3,266 for Max, fewer for 1Y")
    func chartPoints() async throws {
        let setup = try Setup()
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/funds/122639?range=MAX", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(html.contains("data-points=\"3266\""))
                let polyline = try #require(html.range(of: "<polyline")).upperBound
                let attribute = try #require(html[polyline...].range(of: "points=\""))
                let points = html[attribute.upperBound...].prefix { $0 != "\"" }
                #expect(points.split(separator: " ").count == 3266)
                #expect(html.contains("Parag Parikh Flexi Cap Fund - Direct Plan - Growth"))
                #expect(html.contains("₹90.5289"))
                #expect(html.contains("id=\"returns\"") && html.contains("id=\"risk\""))
                #expect(html.contains("aria-current=\"true\">Max</a>"))
            }
            try await client.execute(uri: "/funds/122639?range=1Y", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                let count = try #require(
                    html.firstRange(of: "data-points=\"").map { html[$0.upperBound...].prefix { $0 != "\"" } })
                #expect((200...270).contains(Int(count) ?? 0), "about a year of trading days")
            }
        }
    }

    @Test("the favourite toggle adds and removes through the service, as `favorites list` then shows")
    func favourite() async throws {
        let setup = try Setup()
        let token = CSRF.token(seed: "seed", secret: secret)
        try await setup.application().test(.router) { client in
            try await client.execute(
                uri: "/funds/122639/favorite", method: .post, headers: formHeaders(),
                body: ByteBuffer(string: "action=add&_csrf=\(token)")
            ) { response in
                #expect(response.status == .seeOther)
            }
            #expect(try await setup.cli(["favorites", "list", "--format", "json"]).contains("122639"))
            try await client.execute(uri: "/funds/122639", method: .get, headers: localhost) { response in
                #expect(String(buffer: response.body).contains("aria-pressed=\"true\""))
            }
            try await client.execute(uri: "/funds", method: .get, headers: localhost) { response in
                #expect(String(buffer: response.body).contains("<h2 id=\"favourites\">Favourites</h2>"))
            }
        }
    }

    @Test("the SIP form shows the result, or the refusal next to the field it blames, keeping what was typed")
    func sip() async throws {
        let setup = try Setup()
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/funds/122639?amount=5000&from=2020-01-01", method: .get, headers: localhost)
            { response in
                #expect(String(buffer: response.body).contains("id=\"sip-result\""))
            }
            try await client.execute(uri: "/funds/122639?amount=lots&from=2020-01-01", method: .get, headers: localhost)
            { response in
                let html = String(buffer: response.body)
                #expect(html.contains("class=\"field-error\" id=\"amount-error\""))
                #expect(html.contains("value=\"lots\""))
                #expect(!html.contains("id=\"sip-result\""))
            }
            try await client.execute(uri: "/funds/122639?amount=5000&from=1999-01-01", method: .get, headers: localhost)
            { response in
                let html = String(buffer: response.body)
                #expect(
                    html.contains("class=\"field-error\" id=\"from-error\""),
                    "a start before the history blames the date")
                #expect(!html.contains("id=\"amount-error\""))
                #expect(html.contains("value=\"1999-01-01\""))
            }
        }
    }

    @Test("a code that is not a number is a 404 page; a dead service with nothing cached is 503")
    func refusals() async throws {
        let setup = try Setup()
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/funds/abc", method: .get, headers: localhost) { response in
                #expect(response.status == .notFound)
            }
        }
        let dead = Setup(
            http: StubHTTPClient { request in throw NetworkError.connectionFailed(url: request.url, reason: "refused") }
        )
        try await dead.application().test(.router) { client in
            try await client.execute(uri: "/funds/122639", method: .get, headers: localhost) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(!String(buffer: response.body).contains("Error("))
            }
        }
    }
}

/// The first `<td>` cells of each body row of the table `id`.
private func firstCells(_ html: String, table id: String) -> [String] {
    guard let start = html.range(of: "<table id=\"\(id)\">") else { return [] }
    let body = html[start.upperBound...].prefix { _ in true }
    let end = body.range(of: "</table>")?.lowerBound ?? body.endIndex
    return body[..<end].components(separatedBy: "<tr><td").dropFirst().map { row in
        String(row.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" })
    }
}

@Suite("/funds NAV history, NAV on a date, rolling returns and the cache")
struct FundNAVPagesTests {
    @Test(
        "the history page: 50 NAVs a page, newest first, sorted by a heading's link, and the CLI's CSV as the download")
    func history() async throws {
        let setup = try Setup()
        let csv = try await setup.cli([
            "history", "122639", "--from", "2024-01-01", "--to", "2024-03-31", "--format", "csv",
        ])
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/funds/122639/history", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(html.contains("Showing 1–50 of 3266 NAVs"))
                let dates = firstCells(html, table: "history-table")
                #expect(dates.count == 50 && dates == dates.sorted(by: >), "newest first: \(dates.prefix(3))")
                #expect(html.contains("aria-sort=\"descending\""))
            }
            try await client.execute(uri: "/funds/122639/history?sort=nav&page=2", method: .get, headers: localhost) {
                response in
                let html = String(buffer: response.body)
                #expect(html.contains("Showing 51–100 of 3266 NAVs"))
                #expect(
                    html.contains("href=\"/funds/122639/history?sort=nav&amp;page=3\""), "the pager keeps the order")
            }
            try await client.execute(
                uri: "/funds/122639/history?from=2024-01-01&to=2024-03-31&format=csv", method: .get, headers: localhost
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentDisposition]?.contains("attachment") == true)
                #expect(String(buffer: response.body) == csv)
            }
            try await client.execute(
                uri: "/funds/122639/history?from=2024-02-01&to=2024-01-01", method: .get, headers: localhost
            ) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .unprocessableContent)
                #expect(html.contains("id=\"from-error\">from 2024-02-01 is after to 2024-01-01"))
                #expect(html.contains("value=\"2024-02-01\""), "what was typed stays")
            }
        }
    }

    @Test(
        "the NAV on a date reads as `funds nav --on`; a date before the history is the CLI's refusal beside the field")
    func navOnDate() async throws {
        let setup = try Setup()
        let printed = try await setup.cli(["nav", "122639", "--on", "2024-03-30"])
        let words = printed.split(separator: " ").map(String.init)
        let (nav, date) = (try #require(words.first), words[2])
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/funds/122639/history?on=2024-03-30", method: .get, headers: localhost) {
                response in
                let html = String(buffer: response.body)
                #expect(html.contains("id=\"nav-on-answer\""))
                #expect(
                    html.contains("\(nav) on \(date) — no NAV on 2024-03-30; this is the nearest earlier NAV"),
                    "\(printed)")
            }
            try await client.execute(uri: "/funds/122639/history?on=1990-01-01", method: .get, headers: localhost) {
                response in
                let html = String(buffer: response.body)
                #expect(html.contains("id=\"on-error\">no NAV of 122639 on or before 1990-01-01"))
                #expect(!html.contains("id=\"nav-on-answer\""))
            }
        }
    }

    @Test("rolling returns: the figures and buckets of `funds rolling`; an unknown window is refused beside the links")
    func rolling() async throws {
        let setup = try Setup()
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/funds/122639/rolling?window=1Y", method: .get, headers: localhost) {
                response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(html.contains("id=\"rolling-figures\"") && html.contains("<table id=\"rolling\">"))
                #expect(html.contains("aria-current=\"true\">1Y</a>"))
            }
            try await client.execute(uri: "/funds/122639/rolling?window=7Y", method: .get, headers: localhost) {
                response in
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body).contains("id=\"window-error\""))
            }
        }
    }

    @Test(
        "every funds page that shows a signed figure writes the sign before the rupee sign",
        arguments: ["/funds/122639", "/funds/122639/history", "/funds/122639/rolling"])
    func oneSignStyle(path: String) async throws {
        let setup = try Setup()
        try await setup.application().test(.router) { client in
            try await client.execute(uri: path, method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                for wrong in ["₹-", "₹+", "−₹", "- ₹", "+ ₹"] {
                    #expect(!html.contains(wrong), "\(path) writes \(wrong)")
                }
                if path == "/funds/122639" {
                    let change = try #require(html.range(of: "Daily change</span><span class=\"value\">"))
                    #expect(
                        ["+₹", "-₹"].contains(String(html[change.upperBound...].prefix(2))),
                        "the daily change is signed")
                }
            }
        }
    }

    @Test(
        "the cache page lists what is cached; clearing asks first, then clears as `funds cache clear`, favourites kept")
    func cache() async throws {
        let setup = try Setup()
        _ = try await setup.cli(["favorites", "add", "122639"])
        let token = CSRF.token(seed: "seed", secret: secret)
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/funds/122639", method: .get, headers: localhost) {
                #expect($0.status == .ok)
            }
            try await client.execute(uri: "/funds/cache", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("<table id=\"cached-histories\">") && html.contains("<a href=\"/funds/122639\">"))
                #expect(html.contains("fresh for "))
            }
            let printed = try await setup.cli(["cache", "status", "--format", "json"])
            try await client.execute(uri: "/api/funds/cache", method: .get, headers: localhost) { response in
                #expect(String(buffer: response.body) == printed)
            }
            try await client.execute(
                uri: "/funds/cache/clear", method: .post, headers: formHeaders(),
                body: ByteBuffer(string: "_csrf=\(token)")
            ) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(html.contains("name=\"confirmed\" value=\"yes\""))
            }
            #expect(
                try await setup.cli(["cache", "status", "--format", "json"]).contains("\"code\" : 122639"),
                "nothing cleared before the confirmation")
            try await client.execute(
                uri: "/funds/cache/clear", method: .post, headers: formHeaders(),
                body: ByteBuffer(string: "confirmed=yes&_csrf=\(token)")
            ) { response in
                #expect(response.status == .seeOther && response.headers[.location] == "/funds/cache")
            }
            let after = try await setup.cli(["cache", "status", "--format", "json"])
            #expect(!after.contains("\"code\" : 122639"), "the history is gone: \(after)")
            #expect(after.contains("\"favorites\" : 1"), "favourites kept")
        }
    }
}
