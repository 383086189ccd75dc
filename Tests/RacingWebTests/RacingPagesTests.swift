import ArgumentParser
import FeatureCLI
import FeatureKit
import FeatureKitTesting
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Networking
import NetworkingTesting
import Persistence
import RacingCommands
import RacingWeb
import Testing
import Timing
import TimingTesting

/// The fixture captured at 2026-01-15T00:59:53Z; its races start 113 s before to 1087 s after that.
private let fixturePath = "neds/nextraces_j-_payload-1768438793569.json"
private let capturedAt = Date(timeIntervalSince1970: 1_768_438_793)
private let localhost: HTTPFields = [HTTPField.Name("Host")!: "localhost"]

private struct Setup {
    let timing = Timing.test(now: capturedAt)
    let store = InMemoryDatabase().store(namespace: "races")
    let http: any HTTPClient
    let configuration = Configuration(environment: ["FOLIO_NEDS_URL": "http://127.0.0.1:9"])

    init(http: any HTTPClient) { self.http = http }

    static func fixture() throws -> Setup {
        let body = try Fixtures.data(fixturePath)
        return Setup(http: StubHTTPClient { request in Networking.HTTPResponse(status: 200, body: body, url: request.url) })
    }

    func context(terminal: any Terminal = CapturedTerminal()) -> FeatureContext {
        .test(featureID: "races", http: http, store: store, timing: timing, configuration: configuration, terminal: terminal)
    }

    func application() -> some ApplicationProtocol {
        let environment = WebEnvironment(
            runner: CommandRunner(features: [(descriptor: RacingPlugin.descriptor, context: context())]),
            layout: Layout(navigation: [RacingWeb.feature.navigation]), ticker: Ticker(clock: timing.clock),
            timing: timing, sessions: SessionStore(now: { capturedAt }))
        return Application(
            router: WebServer.router(
                features: [RacingWeb.feature], environment: environment, configuration: WebServerConfiguration()))
    }

    /// What `folio races next …` prints.
    func cli(_ arguments: [String]) async throws -> String {
        let terminal = CapturedTerminal()
        let command = try #require(try RacingPlugin.descriptor.command.parseAsRoot(arguments) as? any FeatureCommand)
        try await command.run(in: context(terminal: terminal))
        return terminal.output
    }
}

@Suite("/races pages")
struct RacingPagesTests {
    @Test("/api/races/next is exactly `folio races next --format json`, with the same query options")
    func apiEqualsCLI() async throws {
        let setup = try Setup.fixture()
        let expected = try await setup.cli(["next", "--count", "5", "--format", "json"])
        let expectedFiltered = try await setup.cli(["next", "--count", "3", "--category", "horse", "--format", "json"])
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/api/races/next", method: .get, headers: localhost) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == expected)
            }
            try await client.execute(uri: "/api/races/next?count=3&category=horse", method: .get, headers: localhost) { response in
                #expect(String(buffer: response.body) == expectedFiltered)
            }
        }
    }

    @Test("/races shows five races with countdowns from advertised start, one script, a polite live region and the event stream")
    func board() async throws {
        let setup = try Setup.fixture()
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/races", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(html.components(separatedBy: "<tr data-name=").count - 1 == 5)
                #expect(html.contains(">7s</td>") && html.contains(">4m 07s</td>"), "the CLI's countdowns")
                #expect(html.contains("data-name=\"Race 6 at Shepparton\""))
                #expect(html.contains("aria-live=\"polite\""))
                #expect(html.contains("data-events=\"/races/events\""))
                #expect(html.contains("data-server-now=\"\(Int(capturedAt.timeIntervalSince1970 * 1000))\""))
                #expect(!html.contains("-1m 53s"), "a race more than 60 s past its start is not shown")
                #expect(html.components(separatedBy: "<script").count - 1 == 1)
            }
        }
    }

    @Test("category toggles still fill five (the CLI grows its request)")
    func categories() async throws {
        let setup = try Setup.fixture()
        let expected = try await setup.cli(["next", "--count", "5", "--category", "greyhound", "--format", "json"])
        let rows = try JSONDecoder().decode([[String: JSONValue]].self, from: Data(expected.utf8))
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/races?category=greyhound", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(html.components(separatedBy: "<tr data-name=").count - 1 == rows.count)
                #expect(html.contains("value=\"greyhound\" checked"))
                #expect(!html.contains("<td>horse</td>"))
                #expect(html.contains("data-events=\"/races/events?category=greyhound\""))
            }
        }
    }

    @Test("?live=0 gives the same board without the event stream")
    func notLive() async throws {
        let setup = try Setup.fixture()
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/races?live=0", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(!html.contains("data-events"))
                #expect(html.components(separatedBy: "<tr data-name=").count - 1 == 5)
            }
        }
    }

    @Test("a dead service with nothing saved is a 503 page with the CLI's message")
    func unavailable() async throws {
        let setup = Setup(http: StubHTTPClient { request in throw NetworkError.connectionFailed(url: request.url, reason: "connection refused") })
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/races", method: .get, headers: localhost) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(String(buffer: response.body).contains("unavailable"))
            }
            try await client.execute(uri: "/api/races/next", method: .get, headers: localhost) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.contentType]?.hasPrefix("application/problem+json") == true)
            }
        }
    }

    @Test("the dashboard card shows the next three races")
    func dashboard() async throws {
        let setup = try Setup.fixture()
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("Next races"))
                #expect(html.components(separatedBy: "<tr data-name=").count - 1 == 3)
            }
        }
    }
}
