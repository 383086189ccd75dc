import ArgumentParser
import Failures
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
import Synchronization
import Testing
import Timing
import TimingTesting

private let localhost: HTTPFields = [HTTPField.Name("Host")!: "localhost"]

/// A funds context on recorded MF API answers whose wall clock can move and whose API can go down, so a page
/// can be shown from the saved copy once it has expired.
private final class Harness: Sendable {
    let wall = PinnedWallClock(Date(timeIntervalSince1970: 1_788_000_000))
    let database: InMemoryDatabase
    let http: StubHTTPClient
    private let down = Flag()

    /// Whether the API is down, shared by the harness and its stub client.
    final class Flag: Sendable {
        private let state = Mutex(false)
        var isSet: Bool { state.withLock { $0 } }
        func set() { state.withLock { $0 = true } }
    }

    init() throws {
        let wall = wall
        database = InMemoryDatabase(now: { wall.now() })
        let answers = [
            "/mf": try Fixtures.data("mfapi/list_sample_first50.json"),
            "/mf/122639": try Fixtures.data("mfapi/scheme_122639_history_full_3266pts.json"),
            "/mf/120505": try Fixtures.data("mfapi/scheme_120505_axis_midcap_direct_100pts.json"),
        ]
        let down = down
        http = StubHTTPClient { request in
            if down.isSet { throw NetworkError.connectionFailed(url: request.url, reason: "Connection refused") }
            guard let body = answers[request.url.path] else {
                return Networking.HTTPResponse(status: 404, body: Data(), url: request.url)
            }
            return Networking.HTTPResponse(status: 200, body: body, url: request.url)
        }
    }

    func goDown() { down.set() }

    func context(terminal: any Terminal = CapturedTerminal()) -> FeatureContext {
        .test(
            featureID: "funds", http: http, store: database.store(namespace: "funds"),
            timing: Timing(clock: ManualClock(), wallClock: wall),
            configuration: Configuration(environment: ["FOLIO_MFAPI_URL": "http://127.0.0.1:9"]), terminal: terminal)
    }

    func application() -> some ApplicationProtocol {
        let timing = Timing(clock: ManualClock(), wallClock: wall)
        let environment = WebEnvironment(
            contexts: [MutualFundsPlugin.descriptor.id: context()],
            layout: Layout(navigation: [MutualFundsWeb.feature.navigation]), ticker: Ticker(clock: timing.clock),
            timing: timing, sessions: BrowserSessions(now: { timing.now() }))
        return Application(
            router: WebServer.router(
                features: [MutualFundsWeb.feature], environment: environment,
                configuration: WebServerConfiguration(secret: "funds")))
    }

    /// `folio funds …` on the same store: its output, or its refusal.
    func cli(_ arguments: [String]) async -> (output: String, error: FolioError?) {
        let terminal = CapturedTerminal()
        do {
            let command = try MutualFundsPlugin.descriptor.command.parseAsRoot(arguments) as! any FeatureCommand
            try await command.run(in: context(terminal: terminal))
            return (terminal.output, nil)
        } catch {
            return (terminal.output, FolioError.from(error))
        }
    }
}

private func get(_ client: some TestClientProtocol, _ uri: String) async throws -> (HTTPResponse.Status, String) {
    try await client.execute(uri: uri, method: .get, headers: localhost) { ($0.status, String(buffer: $0.body)) }
}

/// The scheme codes in the search results table, in order.
private func resultCodes(_ html: String) -> [Int] {
    guard let table = html.range(of: "id=\"search-results\"") else { return [] }
    return html[table.upperBound...].components(separatedBy: "<tr><td>").dropFirst().compactMap {
        Int($0.prefix { $0 != "<" })
    }
}

@Suite("/funds search filters, comparison and stale data")
struct FundSearchCompareTests {
    @Test("/funds with filters shows exactly the schemes `funds search` finds with the same filters")
    func filters() async throws {
        let harness = try Harness()
        let (all, _) = await harness.cli(["search", "aditya", "--format", "json"])
        let (idcw, _) = await harness.cli(["search", "aditya", "--option", "idcw", "--format", "json"])
        struct Row: Decodable { var code: Int }
        let expectedAll = try JSONDecoder().decode([Row].self, from: Data(all.utf8)).map(\.code)
        let expectedIDCW = try JSONDecoder().decode([Row].self, from: Data(idcw.utf8)).map(\.code)
        #expect(
            !expectedIDCW.isEmpty && expectedIDCW.count < expectedAll.count, "the filter narrows the fixture's list")
        try await harness.application().test(.router) { client in
            let (_, plain) = try await get(client, "/funds?q=aditya")
            #expect(resultCodes(plain) == expectedAll)
            let (status, filtered) = try await get(client, "/funds?q=aditya&category=&house=&plan=&option=idcw")
            #expect(status == .ok)
            #expect(resultCodes(filtered) == expectedIDCW)
            #expect(filtered.contains("<option value=\"idcw\" selected>"), "the filter stays chosen")
        }
    }

    @Test(
        "search pages: \"Showing 1–20 of N\", next and previous links that keep the filters, page 2 continuing page 1")
    func pagination() async throws {
        let harness = try Harness()
        let (all, _) = await harness.cli(["search", "fund", "--limit", "10000", "--format", "json"])
        struct Row: Decodable { var code: Int }
        let expected = try JSONDecoder().decode([Row].self, from: Data(all.utf8)).map(\.code)
        try #require(expected.count > 20 && expected.count <= 40, "the fixture's list has between 21 and 40 funds")
        try await harness.application().test(.router) { client in
            let (_, first) = try await get(client, "/funds?q=fund")
            #expect(resultCodes(first) == Array(expected.prefix(20)))
            #expect(first.contains("Showing 1–20 of \(expected.count) schemes"), "not \"20 schemes\"")
            #expect(first.contains("href=\"/funds?q=fund&amp;page=2\" rel=\"next\"") && !first.contains("rel=\"prev\""))
            let (status, second) = try await get(client, "/funds?q=fund&page=2")
            #expect(status == .ok)
            #expect(resultCodes(second) == Array(expected.dropFirst(20)))
            #expect(second.contains("Showing 21–\(expected.count) of \(expected.count) schemes"))
            #expect(
                second.contains("href=\"/funds?q=fund&amp;page=1\" rel=\"prev\"") && !second.contains("rel=\"next\""))
            let (_, filtered) = try await get(client, "/funds?q=aditya&option=idcw")
            try #require(resultCodes(filtered).count < 20)
            #expect(
                filtered.contains("Showing 1–\(resultCodes(filtered).count) of \(resultCodes(filtered).count) scheme"))
            #expect(!filtered.contains("class=\"pager\""), "one page needs no pager")
            let (refused, bad) = try await get(client, "/funds?q=fund&page=0")
            #expect(refused == .unprocessableContent && bad.contains("id=\"q-error\""))
        }
    }

    @Test("results as you type send the form's filters to the JSON route, which applies them as the CLI does")
    func liveResultsCarryFilters() async throws {
        let harness = try Harness()
        let (idcw, _) = await harness.cli([
            "search", "aditya", "--option", "idcw", "--plan", "regular", "--format", "json",
        ])
        try await harness.application().test(.router) { client in
            let (_, page) = try await get(client, "/funds")
            #expect(page.contains("data-search=\"/api/funds/search\" data-filters=\"category house plan option\""))
            let (_, script) = try await get(client, "/assets/folio.js")
            #expect(script.contains("getAttribute(\"data-filters\")") && script.contains("input.form.elements[name]"))
            let (status, json) = try await get(client, "/api/funds/search?q=aditya&option=idcw&plan=regular")
            #expect(status == .ok)
            #expect(json == idcw)
        }
    }

    @Test("/funds/compare shows `funds compare` side by side; a code it cannot use is its message beside the field")
    func compare() async throws {
        let harness = try Harness()
        let (json, _) = await harness.cli(["compare", "122639", "120505", "--range", "1Y", "--format", "json"])
        try await harness.application().test(.router) { client in
            let (status, page) = try await get(client, "/funds/compare?codes=122639,120505&range=1Y")
            #expect(status == .ok)
            #expect(
                page.contains("id=\"compare\"") && page.contains("href=\"/funds/122639\"")
                    && page.contains("href=\"/funds/120505\""))
            #expect(json.contains("\"code\" : 120505"))

            let (_, missingError) = await harness.cli(["compare", "122639", "999999"])
            let missing = try #require(missingError, "the CLI refuses a scheme that does not exist")
            let (missingStatus, missingPage) = try await get(client, "/funds/compare?codes=122639,999999")
            #expect(missingStatus == WebResponses.status(for: missing))
            #expect(missingPage.contains("id=\"codes-error\">\(HTML.escape(missing.what))"))
            #expect(missingPage.contains("value=\"122639,999999\""), "what was typed stays in the field")
            #expect(!missingPage.contains("id=\"compare\""))
            #expect(
                missingPage.contains(
                    "<ul id=\"compare-failures\"><li><strong>999999</strong>: \(HTML.escape(missing.what))"))

            let (notNumberStatus, notNumber) = try await get(client, "/funds/compare?codes=122639,abc")
            #expect(notNumberStatus == .unprocessableContent, "refused as the CLI refuses the argument")
            #expect(notNumber.contains("id=\"codes-error\""))
            #expect(notNumber.contains("abc"))

            let (oneStatus, one) = try await get(client, "/funds/compare?codes=122639")
            #expect(oneStatus == .unprocessableContent && one.contains("Give at least two scheme codes."))
        }
    }

    @Test("compare is reached from the search results (ticked schemes) and from the favourites (all of them)")
    func compareLinks() async throws {
        let harness = try Harness()
        try await harness.application().test(.router) { client in
            let (_, results) = try await get(client, "/funds?q=fund")
            // The boxes belong to the search form, whose second button sends them to the compare page.
            #expect(results.contains("id=\"fund-search\""))
            #expect(results.contains("form=\"fund-search\" formaction=\"/funds/compare\""))
            for code in resultCodes(results) {
                #expect(
                    results.contains("<input type=\"checkbox\" name=\"codes\" value=\"\(code)\" form=\"fund-search\""),
                    "a box for \(code)")
            }
            // What the ticked boxes send: one `codes` per scheme.
            let (ticked, tickedPage) = try await get(client, "/funds/compare?codes=122639&codes=120505&range=1Y")
            let (typed, typedPage) = try await get(client, "/funds/compare?codes=122639,120505&range=1Y")
            #expect(ticked == .ok && typed == .ok)
            #expect(tickedPage.contains("id=\"compare\"") && tickedPage.contains("href=\"/funds/120505\""))
            #expect(
                tickedPage.components(separatedBy: "<table").dropFirst().first
                    == typedPage.components(separatedBy: "<table").dropFirst().first)

            let (_, none) = try await get(client, "/funds")
            #expect(!none.contains("Compare the favourites"), "no favourites, no link")
            _ = await harness.cli(["favorites", "add", "122639"])
            let (_, one) = try await get(client, "/funds")
            #expect(!one.contains("Compare the favourites"), "one favourite is nothing to compare")
            _ = await harness.cli(["favorites", "add", "120505"])
            let (_, two) = try await get(client, "/funds")
            let link = try #require(two.range(of: "href=\"/funds/compare?codes=")).upperBound
            let codes = two[link...].prefix { $0 != "\"" }.split(separator: ",").compactMap { Int($0) }
            #expect(Set(codes) == [122639, 120505])
        }
    }

    @Test("the dashboard card lists the favourite funds with their 1-year return from `favorites list`, and its as-of")
    func dashboardCard() async throws {
        let harness = try Harness()
        try await harness.application().test(.router) { client in
            let (_, before) = try await get(client, "/")
            #expect(!before.contains("Favourite funds"), "no card without favourites")
            _ = await harness.cli(["favorites", "add", "122639"])
            let (favourites, _) = await harness.cli(["favorites", "list", "--format", "json"])
            struct Favourite: Decodable { var return1Y: Double? }
            let return1Y = try #require(
                try JSONDecoder().decode([Favourite].self, from: Data(favourites.utf8)).first?.return1Y)
            let (_, html) = try await get(client, "/")
            #expect(html.contains("<h2><a href=\"/funds\">Favourite funds</a></h2>"))
            #expect(html.contains("<a href=\"/funds/122639\">Parag Parikh Flexi Cap Fund - Direct Plan - Growth</a>"))
            let cells = html.replacingOccurrences(of: #" data-label="[^"]*""#, with: "", options: .regularExpression)
            #expect(cells.contains("<td class=\"num\">\(HTML.escape(NumberFormat.percent(return1Y)))</td>"))
            #expect(html.contains("<p class=\"stamp\">NAVs as of 20"), "the card's as-of")
        }
    }

    @Test("with the API down, a fund page shows the saved copy with its stale stamp")
    func staleCopy() async throws {
        let harness = try Harness()
        try await harness.application().test(.router) { client in
            let (fresh, page) = try await get(client, "/funds/122639")
            #expect(fresh == .ok && page.contains("<p class=\"stamp\">as of "))
            harness.goDown()
            harness.wall.advance(by: 3 * 3600)
            let (status, stale) = try await get(client, "/funds/122639")
            #expect(status == .ok, "the saved copy is shown, not a 503")
            #expect(stale.contains("<p class=\"stamp stale\"><strong>Stale:</strong> saved copy as of "))
            #expect(stale.contains("class=\"notice warning\""), "the CLI's warning is on the page")
            #expect(stale.contains("data-points=\""), "the chart is drawn from the saved history")
        }
    }

    @Test("issue 38: + in a query string is a space; %2B stays a plus")
    func plusIsASpace() async throws {
        let harness = try Harness()
        try await harness.application().test(.router) { client in
            let (_, spaced) = try await get(client, "/funds?q=aditya%20birla")
            let (status, plus) = try await get(client, "/funds?q=aditya+birla")
            #expect(status == .ok && plus.contains("value=\"aditya birla\""), "shown as typed, with a space")
            #expect(resultCodes(plus) == resultCodes(spaced) && !resultCodes(plus).isEmpty)
            let (_, typedPlus) = try await get(client, "/funds?q=parag%2Bflexi+fund")
            #expect(typedPlus.contains("value=\"parag+flexi fund\""), "a typed plus (%2B) stays a plus")
        }
    }

    @Test("issue 38: schemes ticked in one search stay ticked in the next, and go to the compare page together")
    func ticksKept() async throws {
        let harness = try Harness()
        try await harness.application().test(.router) { client in
            // 122639 was ticked in an earlier search; this one is for "axis".
            let (_, page) = try await get(client, "/funds?q=axis&codes=122639")
            #expect(page.contains("<fieldset class=\"ticked\" id=\"ticked\"><legend>Ticked to compare</legend>"))
            #expect(page.contains("<input type=\"checkbox\" name=\"codes\" value=\"122639\" checked>"))
            // Ticked in a search that shows it: its box in the results is ticked, and not repeated above.
            let (_, aditya) = try await get(client, "/funds?q=aditya")
            let shown = try #require(resultCodes(aditya).first)
            let (_, again) = try await get(client, "/funds?q=aditya&codes=\(shown)&codes=122639")
            #expect(again.contains("<input type=\"checkbox\" name=\"codes\" value=\"\(shown)\" form=\"fund-search\""))
            let box = try #require(again.range(of: "value=\"\(shown)\" form=\"fund-search\""))
            #expect(again[box.upperBound...].prefix { $0 != ">" }.hasSuffix(" checked"))
            #expect(!again.contains("value=\"\(shown)\" checked>"))
            #expect(again.contains("value=\"122639\" checked>"), "122639 is not among the results, so it is kept above")
            // The pages of results keep them too.
            #expect(!again.contains("rel=\"next\"") || again.contains("codes=\(shown)&amp;codes=122639\" rel=\"next\""))
        }
    }

    @Test("issue 38: the compare page names each scheme left out and draws the NAVs rebased to 100; no column twice")
    func compareChartAndFailures() async throws {
        let harness = try Harness()
        try await harness.application().test(.router) { client in
            let (status, page) = try await get(client, "/funds/compare?codes=122639,120505,999999&range=1Y")
            #expect(status == .ok, "two schemes compare; the third is named with why")
            #expect(
                page.contains(
                    "One scheme could not be compared:<ul id=\"compare-failures\"><li><strong>999999</strong>"))
            #expect(
                page.contains("id=\"compare\"")
                    && page.contains(
                        "<figure class=\"chart web-chart\" id=\"compare-chart\" data-lines=\"2\" data-compare=\"")
            )
            #expect(page.contains("₹100 invested on "))
            #expect(page.components(separatedBy: "<polyline").count - 1 == 4, "two lines in each of the two renderings")
            // The readout's days: each with both lines' values, both 100 on the first, at most 400 of them.
            let readings = page.components(separatedBy: "data-compare=\"").dropFirst().first?.prefix { $0 != "\"" }
            let days = readings?.split(separator: ";") ?? []
            #expect(
                days.first?.hasSuffix(",100.0,100.0") == true && (2...400).contains(days.count), "\(days.prefix(2))")
            #expect(days.allSatisfy { $0.split(separator: ",").count == 3 })
            #expect(
                page.components(separatedBy: "class=\"compare-marker\"").count - 1 == 4, "a marker a line a rendering")
            // Over 1Y the range's return is the 1Y column: it is not repeated.
            #expect(!page.contains("1Y return</th>"))
            let (_, threeYears) = try await get(client, "/funds/compare?codes=122639,120505&range=3Y")
            #expect(threeYears.contains("3Y return</th>") && threeYears.contains("Max drawdown (3Y)"))
        }
    }

    @Test("issue 38: a fund with less than a year of NAVs explains why there are no rolling returns instead of linking")
    func rollingLink() async throws {
        let harness = try Harness()
        try await harness.application().test(.router) { client in
            let (_, long) = try await get(client, "/funds/122639")
            #expect(long.contains("<a href=\"/funds/122639/rolling\">Rolling returns</a>"))
            // 120505's recorded history holds 100 NAVs from 16-Apr-2026.
            let (status, short) = try await get(client, "/funds/120505")
            #expect(status == .ok && !short.contains("/funds/120505/rolling"))
            #expect(
                short.contains(
                    "id=\"rolling-unavailable\">Rolling returns need at least 1 year of NAVs; this fund's NAVs start on 2026-04-16"
                ))
        }
    }
}
