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

/// A funds server whose MF API can answer, fail with 500 (with a body naming internals) or never answer, on a
/// manual clock (the page deadline) and a pinned wall clock (freshness), counting the requests that reach it.
private final class Upstream: Sendable {
    /// `mfapiFailing`: the MF API fails with 500 while AMFI's NAVAll.txt (of 25-Feb-2025) is served.
    enum Mode: Sendable { case answering, failing, silent, mfapiFailing }

    let wall = PinnedWallClock(Date(timeIntervalSince1970: 1_788_000_000))
    let clock = ManualClock()
    /// The clock a silent API waits on; never advanced, so it only ever ends by cancellation.
    let never = ManualClock()
    let database: InMemoryDatabase
    let http: StubHTTPClient
    private let mode = ModeBox()

    /// The API's mode, shared by the upstream and its stub client.
    final class ModeBox: Sendable {
        private let state = Mutex(Mode.answering)
        var value: Mode { state.withLock { $0 } }
        func set(_ mode: Mode) { state.withLock { $0 = mode } }
    }
    let configuration: Configuration

    init(environment: [String: String] = [:], file: [String: String] = [:]) throws {
        let wall = wall
        database = InMemoryDatabase(now: { wall.now() })
        configuration = Configuration(
            environment: ["FOLIO_MFAPI_URL": "http://127.0.0.1:9", "FOLIO_AMFI_URL": "http://127.0.0.1:9/NAVAll.txt"]
                .merging(environment) { $1 }, file: file,
            filePath: "/home/ana/folio/config.json")
        let answers = [
            "/mf": try Fixtures.data("mfapi/list_sample_first50.json"),
            "/mf/122639": try Fixtures.data("mfapi/scheme_122639_history_full_3266pts.json"),
            "/NAVAll.txt": try Fixtures.data("amfi/CASscanner_NAVAll_2025-02-25_6col.txt"),
        ]
        let mode = mode
        let never = never
        http = StubHTTPClient { request in
            switch mode.value {
            case .silent:
                try await never.sleep(for: .seconds(86_400))
                throw CancellationError()
            case .failing:
                throw NetworkError.status(
                    code: 500, url: request.url, body: "{\"error\":\"internal\"}", retryAfter: nil)
            case .mfapiFailing where request.url.path != "/NAVAll.txt":
                throw NetworkError.status(
                    code: 500, url: request.url, body: "{\"error\":\"internal\"}", retryAfter: nil)
            case .answering, .mfapiFailing:
                guard let body = answers[request.url.path] else {
                    return Networking.HTTPResponse(
                        status: 200, body: Data(#"{"meta":{},"data":[],"status":"SUCCESS"}"#.utf8), url: request.url)
                }
                return Networking.HTTPResponse(status: 200, body: body, url: request.url)
            }
        }
    }

    func set(_ mode: Mode) { self.mode.set(mode) }

    /// Requests that reached the API for a scheme's history.
    var historyRequests: Int { http.requests.filter { $0.url.path == "/mf/122639" }.count }
    /// Requests that reached AMFI for its NAV file.
    var amfiRequests: Int { http.requests.filter { $0.url.path == "/NAVAll.txt" }.count }

    func context(terminal: any Terminal = CapturedTerminal()) -> FeatureContext {
        FeatureContext.test(
            featureID: "funds", http: http, store: database.store(namespace: "funds"),
            timing: Timing(clock: clock, wallClock: wall), configuration: configuration, terminal: terminal)
    }

    /// Runs `folio funds ARGUMENTS` against the same store, as the terminal would.
    func cli(_ arguments: [String]) async throws -> String {
        let terminal = CapturedTerminal()
        let command = try #require(
            try MutualFundsPlugin.descriptor.command.parseAsRoot(arguments) as? any FeatureCommand)
        try await command.run(in: context(terminal: terminal))
        return terminal.output
    }

    func application() -> some ApplicationProtocol {
        let timing = Timing(clock: clock, wallClock: wall)
        let context = context()
        let environment = WebEnvironment(
            contexts: [MutualFundsPlugin.descriptor.id: context],
            layout: Layout(navigation: [MutualFundsWeb.feature.navigation]), ticker: Ticker(clock: clock),
            // The default page policy: a 3 s deadline, failures remembered for 30 s.
            timing: timing, sessions: BrowserSessions(now: { timing.now() }))
        return Application(
            router: WebServer.router(
                features: [MutualFundsWeb.feature], environment: environment,
                configuration: WebServerConfiguration(secret: "funds")))
    }

    /// Lets a background refresh run until it has asked the API `count` times in all.
    func waitForHistoryRequests(_ count: Int) async {
        for _ in 0..<10_000 where historyRequests < count { await Task.yield() }
    }
}

private func get(
    _ client: some TestClientProtocol, _ uri: String
) async throws -> (status: HTTPResponse.Status, body: String, type: String?) {
    try await client.execute(uri: uri, method: .get, headers: localhost) {
        ($0.status, String(buffer: $0.body), $0.headers[.contentType])
    }
}

/// The page once a background refresh has settled: views until `done` holds (each yielding in between), at most
/// a thousand; no real time passes.
private func settled(
    _ client: some TestClientProtocol, _ uri: String, until done: (String) -> Bool
) async throws -> (status: HTTPResponse.Status, body: String, type: String?) {
    var view = try await get(client, uri)
    for _ in 0..<1000 where !done(view.body) {
        await Task.yield()
        view = try await get(client, uri)
    }
    return view
}

/// A view of `uri` that waits on the page deadline: the deadline (3 s on the manual clock) passes once, and
/// nothing waits on the clock again (a second deadline is recorded as an issue, then let pass so the run ends).
private func viewPastOneDeadline(
    _ client: some TestClientProtocol, _ uri: String, clock: ManualClock
) async throws -> (status: HTTPResponse.Status, body: String, type: String?) {
    let view = Task { try await get(client, uri) }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(3))
    for _ in 0..<1000 where clock.sleeperCount == 0 { await Task.yield() }
    #expect(clock.sleeperCount == 0, "no second deadline")
    if clock.sleeperCount > 0 { await clock.advance(by: .seconds(30)) }
    return try await view.value
}

@Suite("/funds pages under a failing MF API, and refused query values")
struct FundPagePolicyTests {
    @Test(
        "issue 25.15: an unknown range, category, plan or option is refused with 422 naming the field, never replaced by a default"
    )
    func unknownChoices() async throws {
        let upstream = try Upstream()
        try await upstream.application().test(.router) { client in
            let page = try await get(client, "/funds/122639?range=7Y")
            #expect(page.status == .unprocessableContent)
            #expect(page.body.contains("id=\"range-error\""))
            #expect(page.body.contains("1M, 6M, 1Y, 3Y, 5Y, MAX"))
            #expect(!page.body.contains("aria-current=\"true\""), "no range is shown as the one chosen")

            let api = try await get(client, "/api/funds/122639?range=7Y")
            #expect(api.status == .unprocessableContent)
            #expect(api.type == "application/problem+json")
            let problem = try JSONSerialization.jsonObject(with: Data(api.body.utf8)) as? [String: Any]
            #expect(problem?["field"] as? String == "range")
            #expect((problem?["detail"] as? String)?.contains("1M, 6M, 1Y, 3Y, 5Y, MAX") == true)
            #expect(
                try await get(client, "/api/funds/122639?range=").status == .unprocessableContent,
                "an empty range is missing, not 1Y")

            for (query, field) in [
                ("plan=gold", "plan"), ("category=crypto", "category"), ("option=bonus", "option"),
                ("limit=0", "limit"),
            ] {
                let search = try await get(client, "/api/funds/search?q=aditya&\(query)")
                #expect(search.status == .unprocessableContent, "\(query)")
                let body = try JSONSerialization.jsonObject(with: Data(search.body.utf8)) as? [String: Any]
                #expect(body?["field"] as? String == field)
                let form = try await get(client, "/funds?q=aditya&\(query)")
                #expect(form.status == .unprocessableContent)
                #expect(form.body.contains("id=\"\(field)-error\""), "\(field)'s message is beside its control")
                #expect(form.body.contains("value=\"aditya\""), "what was typed stays")
            }
            let chosenAhead = try await get(client, "/funds?plan=gold")
            #expect(chosenAhead.status == .unprocessableContent && chosenAhead.body.contains("id=\"plan-error\""))
            let filtersOnly = try await get(client, "/funds?category=&plan=direct&option=growth")
            #expect(
                filtersOnly.status == .ok && !filtersOnly.body.contains("id=\"search-results\""),
                "filters wait for words")
            let compare = try await get(client, "/funds/compare?codes=122639,120505&range=10Y")
            #expect(compare.status == .unprocessableContent && compare.body.contains("id=\"range-error\""))
            #expect(
                try await get(client, "/api/funds/search?q=aditya&plan=Direct").status == .ok, "case does not matter")
        }
    }

    @Test(
        "issue 25.17, 27: with the MF API and AMFI silent, an uncached fund fails at one page deadline (AMFI gets what the MF API left), the next view gives AMFI the deadline, later views fail at once",
        .timeLimit(.minutes(10)))
    func silentUpstream() async throws {
        let upstream = try Upstream()
        upstream.set(.silent)
        try await upstream.application().test(.router) { client in
            // The page waits on its deadline (3 s on the manual clock), not on the API's 40 s; AMFI's file, the
            // fallback, gets what is left of the same deadline: nothing, so it is not asked (it used to wait 3 s more).
            let page = try await viewPastOneDeadline(client, "/funds/122639", clock: upstream.clock)
            #expect(page.status == .serviceUnavailable)
            #expect(page.body.contains("did not answer within 3s"))
            #expect(page.body.contains("NAV file cannot stand in"))
            #expect(page.body.contains("deadline passed before it was asked"), "the fallback's failure is said too")
            #expect(upstream.historyRequests == 1)
            #expect(upstream.amfiRequests == 0, "no time was left to ask AMFI")
            // The next view finds the MF API's failure remembered, so AMFI has the whole deadline: silent too.
            let secondPage = try await viewPastOneDeadline(client, "/funds/122639", clock: upstream.clock)
            #expect(secondPage.status == .serviceUnavailable)
            #expect(
                secondPage.body.contains("NAV file cannot stand in")
                    && secondPage.body.contains("did not answer within 3s"))
            #expect(upstream.amfiRequests == 1 && upstream.historyRequests == 1)
            for _ in 0..<3 {
                let again = try await get(client, "/funds/122639")
                #expect(again.status == .serviceUnavailable, "both failures are remembered")
            }
            #expect(upstream.historyRequests == 1 && upstream.amfiRequests == 1, "no later view waits on either again")
            #expect(upstream.clock.sleeperCount == 0)
        }
    }

    @Test(
        "issue 27: with AMFI and the MF API silent, /funds/portfolio answers at the one page deadline, each holding saying why it has no value",
        .timeLimit(.minutes(10)))
    func silentPortfolio() async throws {
        let upstream = try Upstream()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("silent-\(UUID().uuidString).json")
        try Data(PortfolioPageTests.statement.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try await upstream.cli(["portfolio", "import", file.path])
        upstream.set(.silent)
        try await upstream.application().test(.router) { client in
            // AMFI's file first; the histories that stand in for it get what is left: nothing, so none is asked for.
            let page = try await viewPastOneDeadline(client, "/funds/portfolio", clock: upstream.clock)
            #expect(page.status == .ok)
            #expect(page.body.contains("id=\"holdings\""))
            #expect(page.body.contains("did not answer within 3s"), "AMFI's failure is a warning")
            #expect(page.body.contains("deadline passed before it was asked"), "the holding says why it has no value")
            #expect(upstream.amfiRequests == 1, "AMFI's file first: one request for every latest NAV")
            #expect(upstream.historyRequests == 0)
        }
    }

    @Test(
        "issue 25.17: with the API answering 500, views do not retry it; a stale copy is shown at once, said stale with its age"
    )
    func failingUpstream() async throws {
        let upstream = try Upstream()
        upstream.set(.failing)
        try await upstream.application().test(.router) { client in
            for _ in 0..<3 {
                let view = try await get(client, "/funds/122639")
                #expect(view.status == .serviceUnavailable)
            }
            #expect(upstream.historyRequests == 1, "one request, then the remembered failure")
        }
        let cached = try Upstream()
        try await cached.application().test(.router) { client in
            #expect(try await get(client, "/funds/122639").status == .ok)
            #expect(cached.historyRequests == 1)
            cached.set(.failing)
            cached.wall.advance(by: 3 * 3600)
            let stale = try await get(client, "/funds/122639")
            #expect(stale.status == .ok, "the saved copy, at once")
            #expect(stale.body.contains("<p class=\"stamp stale\"><strong>Stale:</strong> saved copy as of "))
            #expect(stale.body.contains("NAV history of 122639: stale, saved 3h ago"))
            #expect(stale.body.contains("data-points=\""))
            await cached.waitForHistoryRequests(2)
            let remembered = try await settled(client, "/funds/122639") { $0.contains("the MF API") }
            #expect(
                remembered.body.contains("NAV history of 122639: stale, saved 3h ago — could not refresh the MF API"),
                "the remembered failure says what failed")
            #expect(cached.historyRequests == 2, "one refresh in the background")
            for _ in 0..<3 {
                let again = try await get(client, "/funds/122639")
                #expect(again.status == .ok && again.body.contains("stale, saved 3h ago — "))
            }
            #expect(cached.historyRequests == 2, "the remembered failure is not asked again")
        }
    }

    @Test(
        "issue 25.18: funds.historyTTL of 1s (config.json or FOLIO_FUNDS_HISTORY_TTL) makes the page refresh, and say stale when the API fails",
        arguments: [(["FOLIO_FUNDS_HISTORY_TTL": "1s"], [:]), ([:], ["funds.historyTTL": "1s"])])
    func shortTTL(environment: [String: String], file: [String: String]) async throws {
        let upstream = try Upstream(environment: environment, file: file)
        try await upstream.application().test(.router) { client in
            #expect(try await get(client, "/funds/122639").status == .ok)
            let fresh = try await get(client, "/funds/122639")
            #expect(fresh.body.contains("<p class=\"stamp\">as of "), "fresh within the second")
            #expect(upstream.historyRequests == 1)
            upstream.wall.advance(by: 2)
            let expired = try await get(client, "/funds/122639")
            #expect(expired.body.contains("stamp stale"), "past its 1 s the copy is stale")
            await upstream.waitForHistoryRequests(2)
            let refreshed = try await settled(client, "/funds/122639") { $0.contains("<p class=\"stamp\">as of ") }
            #expect(refreshed.body.contains("<p class=\"stamp\">as of "), "fetched again, fresh")
            #expect(upstream.historyRequests == 2)
            upstream.set(.failing)
            upstream.wall.advance(by: 2)
            let failing = try await get(client, "/funds/122639")
            #expect(failing.status == .ok)
            #expect(
                failing.body.contains("stamp stale")
                    && failing.body.contains("NAV history of 122639: stale, saved just now"))
            await upstream.waitForHistoryRequests(3)
            #expect(upstream.historyRequests == 3, "the stale copy started one refresh")
        }
    }

    @Test(
        "issue 27: with the MF API failing, the fund page and /api/funds/{code} give AMFI's latest NAV, marked and documented"
    )
    func amfiStandsIn() async throws {
        let upstream = try Upstream()
        upstream.set(.mfapiFailing)
        try await upstream.application().test(.router) { client in
            let page = try await get(client, "/funds/122639")
            #expect(page.status == .ok)
            #expect(page.body.contains("on 2025-02-24") && page.body.contains("latest NAV from AMFI"))
            // A page's failure keeps the upstream's words out (they may name URLs): only what was unavailable.
            #expect(page.body.contains("Latest NAV from AMFI: the MF API"))
            #expect(page.body.contains("Not enough history for a chart."))
            #expect(!page.body.contains("127.0.0.1"))
            let api = try await get(client, "/api/funds/122639")
            #expect(api.status == .ok)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(api.body.utf8)) as? [String: Any])
            #expect(report["latestNAVSource"] as? String == "amfi" && report["nav"] as? Double == 84.5628)
            #expect(
                report["mfapiFailure"] as? String
                    == "the MF API's history of scheme 122639 is unavailable and nothing is saved")
            // The OpenAPI schema names every key the route encodes, the AMFI marker included.
            let document =
                try JSONSerialization.jsonObject(
                    with: JSONEncoder().encode(MutualFundsWeb.feature.openAPIPaths["/api/funds/{code}"]))
                as? [String: Any]
            let get = document?["get"] as? [String: Any]
            let ok = (get?["responses"] as? [String: Any])?["200"] as? [String: Any]
            let schema =
                ((ok?["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"] as? [String: Any]
            let properties = try #require(schema?["properties"] as? [String: Any])
            #expect(Set(properties.keys) == Set(report.keys))
            #expect(String(describing: properties["latestNAVSource"] ?? "").contains("amfi"))
        }
        let down = try Upstream()
        down.set(.failing)
        try await down.application().test(.router) { client in
            let page = try await get(client, "/funds/122639")
            #expect(page.status == .serviceUnavailable)
            #expect(page.body.contains("NAV file cannot stand in: AMFI"))
            let api = try await get(client, "/api/funds/122639")
            #expect(api.status == .serviceUnavailable && api.type == "application/problem+json")
            let problem = try JSONSerialization.jsonObject(with: Data(api.body.utf8)) as? [String: Any]
            #expect(
                problem?["title"] as? String
                    == "the MF API's history of scheme 122639 is unavailable and nothing is saved")
            #expect(
                problem?["detail"] as? String
                    == "AMFI's NAV file cannot stand in: AMFI's NAV file is unavailable and nothing is saved")
        }
    }

    @Test(
        "issue 25.19: failures are said in the user's words: no upstream URL or body on pages or in the API; a missing fund is 404"
    )
    func userWords() async throws {
        let upstream = try Upstream()
        upstream.set(.failing)
        try await upstream.application().test(.router) { client in
            for uri in ["/funds/122639", "/api/funds/122639", "/funds?q=hdfc", "/api/funds/search?q=hdfc"] {
                let failed = try await get(client, uri)
                #expect(failed.status == .serviceUnavailable, "\(uri)")
                #expect(
                    !failed.body.contains("127.0.0.1") && !failed.body.contains("http://"), "\(uri): \(failed.body)")
                #expect(!failed.body.contains("internal"), "\(uri): the API's body stays out")
                #expect(failed.body.contains("MF API"), "\(uri) says what failed")
            }
        }
        let answering = try Upstream()
        try await answering.application().test(.router) { client in
            let page = try await get(client, "/funds/999999")
            #expect(page.status == .notFound)
            #expect(page.body.contains("no such scheme 999999"))
            #expect(!page.body.contains("127.0.0.1"))
            let api = try await get(client, "/api/funds/999999")
            #expect(api.status == .notFound && api.type == "application/problem+json")
            #expect(api.body.contains("no such scheme 999999") && !api.body.contains("127.0.0.1"))
        }
    }
}
