import FeatureKit
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NetworkingTesting
import Testing
import Timing
import TimingTesting

/// Issue 25, item 17: with the race service not answering, pages show the saved board at once (marked stale, with
/// its age), fail within the page deadline when nothing is saved, and remember the failure — all on a manual clock.
@Suite("/races with a silent service")
struct RacingPagePolicyTests {
    @Test("a saved board is shown at once, marked stale with its age, and one background refresh serves every view")
    func savedBoardAtOnce() async throws {
        let upstream = Upstream(body: try Fixtures.data(fixturePath))
        let setup = Setup(http: upstream)
        _ = try await setup.cli(["next"])
        upstream.goSilent()
        setup.wall.advance(by: 90)
        try await setup.application().test(.router) { client in
            for _ in 0..<3 {
                try await client.execute(uri: "/races", method: .get, headers: localhost) { response in
                    let html = String(buffer: response.body)
                    #expect(response.status == .ok)
                    #expect(html.contains("Saved board from") && html.contains("(1m 30s old)"), "\(html)")
                    #expect(html.components(separatedBy: "<tr data-name=").count - 1 == 5)
                }
            }
            try await client.execute(uri: "/api/races/next", method: .get, headers: localhost) { response in
                let report = try JSONDecoder().decode(
                    [String: JSONValue].self, from: Data(String(buffer: response.body).utf8))
                #expect(response.status == .ok)
                #expect(report["isStale"] == .bool(true) && report["fromSavedCopy"] == .bool(true))
            }
        }
        #expect(setup.clock.now.offset == .zero, "no view waited for the service")
        #expect(await yieldUntil { upstream.unanswered >= 1 }, "the saved board starts a refresh in the background")
        #expect(upstream.unanswered == 1, "one refresh in the background, not one per view")
    }

    @Test("nothing saved: the page gives up at the deadline, and the next views fail at once without asking again")
    func deadlineThenRemembered() async throws {
        let upstream = Upstream(body: Data())
        upstream.goSilent()
        let setup = Setup(http: upstream)
        try await setup.application().test(.router) { client in
            async let first = client.execute(uri: "/api/races/next", method: .get, headers: localhost)
            await setup.clock.waitForSleepers(1)
            await setup.clock.advance(by: .seconds(3))
            let response = try await first
            #expect(response.status == .serviceUnavailable)
            let problem = try JSONDecoder().decode(
                [String: JSONValue].self, from: Data(String(buffer: response.body).utf8))
            #expect(problem["title"].map { "\($0)" }?.contains("did not answer within 3s") == true, "\(problem)")
            try await client.execute(uri: "/races", method: .get, headers: localhost) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(String(buffer: response.body).contains("did not answer within 3s"))
            }
        }
        #expect(upstream.unanswered == 1, "the remembered failure is not asked again")
        #expect(setup.clock.now.offset == .seconds(3))
    }
}

/// Issue 25, item 15 (races part): an unknown category, a bad country or count is refused with 422 naming the
/// field, on every route, before the service is asked.
@Suite("/races query refusals")
struct RacingQueryRefusalTests {
    @Test(
        "the API refuses with problem details naming the field",
        arguments: [
            ("category=camel", "category"), ("category=horse,camel", "category"), ("count=abc", "count"),
            ("count=0", "count"), ("country=A1", "country"),
        ])
    func api(query: String, field: String) async throws {
        let upstream = Upstream(body: try Fixtures.data(fixturePath))
        try await Setup(http: upstream).application().test(.router) { client in
            try await client.execute(uri: "/api/races/next?" + query, method: .get, headers: localhost) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.headers[.contentType] == "application/problem+json")
                let problem = try JSONDecoder().decode(
                    [String: JSONValue].self, from: Data(String(buffer: response.body).utf8))
                #expect(problem["field"] == .string(field))
                #expect(problem["kind"] == .string("invalid"))
            }
        }
        #expect(upstream.answered == 0)
    }

    @Test("the page shows the refusal beside the toggles, keeps what was ticked, and the stream refuses too")
    func page() async throws {
        let upstream = Upstream(body: try Fixtures.data(fixturePath))
        try await Setup(http: upstream).application().test(.router) { client in
            try await client.execute(uri: "/races?category=horse&category=camel", method: .get, headers: localhost) {
                response in
                let html = String(buffer: response.body)
                #expect(response.status == .unprocessableContent)
                #expect(html.contains("id=\"category-error\""))
                #expect(html.contains("unknown category &quot;camel&quot;"))
                #expect(html.contains("value=\"horse\" checked"))
                #expect(!html.contains("<tr data-name="))
            }
            try await client.execute(uri: "/races/events?category=camel", method: .get, headers: localhost) {
                response in
                #expect(response.status == .unprocessableContent)
            }
        }
        #expect(upstream.answered == 0)
    }
}

/// A board is saved per filter: one fetched for every race never answers for a filter it was not fetched for.
@Suite("the saved board and filters")
struct RacingFilterBoardTests {
    @Test(
        "a filter nothing matches, after an unfiltered board was saved, asks the service and answers an empty board, not 503"
    )
    func aFilterIsNotAnsweredFromAnotherFiltersBoard() async throws {
        let upstream = Upstream(body: try Fixtures.data(fixturePath))
        let setup = Setup(http: upstream)
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/api/races/next", method: .get, headers: localhost) { response in
                #expect(response.status == .ok)
            }
            let before = upstream.answered
            try await client.execute(uri: "/api/races/next?country=Scunthorpe", method: .get, headers: localhost) {
                response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                let report = try JSONDecoder().decode(
                    [String: JSONValue].self, from: Data(String(buffer: response.body).utf8))
                #expect(report["races"] == .array([]))
                #expect(report["fromSavedCopy"] == .bool(false))
            }
            #expect(upstream.answered > before, "the filtered board was fetched for its filter")
        }
    }
}
