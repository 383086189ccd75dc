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
import Settings
import Testing
import Timing
import TimingTesting

/// The fixture captured at 2026-01-15T00:59:53Z; its races start 113 s before to 1087 s after that.
let fixturePath = "neds/nextraces_j-_payload-1768438793569.json"
let capturedAt = Date(timeIntervalSince1970: 1_768_438_793)
let localhost: HTTPFields = [HTTPField.Name("Host")!: "localhost"]

struct Setup {
    /// The sleeping clock (page deadlines, the ticker): it moves only when a test moves it.
    let clock = ManualClock()
    /// The wall clock, pinned.
    let wall: PinnedWallClock
    let timing: Timing
    let store: any KeyValueStore
    let http: any HTTPClient
    let configuration = Configuration(environment: ["FOLIO_NEDS_URL": "http://127.0.0.1:9"])

    init(http: any HTTPClient, now: Date = capturedAt) {
        self.http = http
        let wall = PinnedWallClock(now)
        self.wall = wall
        timing = Timing(clock: clock, wallClock: wall)
        store = InMemoryDatabase(now: { wall.now() }).store(namespace: "races")
    }

    static func fixture() throws -> Setup {
        let body = try Fixtures.data(fixturePath)
        return Setup(
            http: StubHTTPClient { request in Networking.HTTPResponse(status: 200, body: body, url: request.url) })
    }

    func context(terminal: any Terminal = CapturedTerminal()) -> FeatureContext {
        .test(
            featureID: "races", http: http, store: store, timing: timing, configuration: configuration,
            terminal: terminal)
    }

    /// The server's environment: the races context, the shared ticker on the manual clock, the default page policy
    /// (3 s deadline, failures remembered for 30 s).
    func environment() -> WebEnvironment {
        WebEnvironment(
            contexts: [RacingPlugin.descriptor.id: context()],
            layout: Layout(navigation: [RacingWeb.feature.navigation]), ticker: Ticker(clock: timing.clock),
            timing: timing, sessions: BrowserSessions(now: { capturedAt })
        ).scoped(to: RacingPlugin.descriptor.id)
    }

    func application() -> some ApplicationProtocol {
        let environment = environment()
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
    @Test("/api/races/next is byte for byte `folio races next --format json` on the same fixture and pinned clock")
    func apiEqualsCLI() async throws {
        // Each side gets its own store: the page would rightly serve the board the terminal just saved.
        let expected = try await Setup.fixture().cli(["next", "--count", "5", "--format", "json"])
        let expectedFiltered = try await Setup.fixture().cli([
            "next", "--count", "3", "--category", "horse", "--format", "json",
        ])
        #expect(expected.contains("\"races\""))
        let setup = try Setup.fixture()
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/api/races/next", method: .get, headers: localhost) { response in
                #expect(response.status == .ok)
                // The terminal ends what it prints with a newline; the document before it is the same bytes.
                #expect(String(buffer: response.body) == expected)
            }
        }
        try await Setup.fixture().application().test(.router) { client in
            try await client.execute(uri: "/api/races/next?count=3&category=horse", method: .get, headers: localhost) {
                response in
                #expect(String(buffer: response.body) == expectedFiltered)
            }
        }
    }

    @Test(
        "/races shows five races with countdowns from advertised start, the live script, a polite live region and the event stream"
    )
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
                #expect(html.contains("data-race-events=\"/races/events\""))
                #expect(html.contains("data-server-now=\"\(Int(capturedAt.timeIntervalSince1970 * 1000))\""))
                #expect(!html.contains("-1m 53s"), "a race more than 60 s past its start is not shown")
                #expect(html.contains("<script src=\"/races/live.js\" defer>"))
                #expect(html.components(separatedBy: "<script").count - 1 == 2)
            }
        }
    }

    @Test("category toggles still fill five (the CLI grows its request)")
    func categories() async throws {
        let expected = try await Setup.fixture().cli([
            "next", "--count", "5", "--category", "greyhound", "--format", "json",
        ])
        let rows = try #require(try JSONDecoder().decode([String: JSONValue].self, from: Data(expected.utf8))["races"])
        guard case .array(let races) = rows else { Issue.record("races is not an array"); return }
        let setup = try Setup.fixture()
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/races?category=greyhound", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(html.components(separatedBy: "<tr data-name=").count - 1 == races.count)
                #expect(html.contains("value=\"greyhound\" checked"))
                #expect(!html.contains("<td>horse</td>"))
                #expect(html.contains("data-race-events=\"/races/events?category=greyhound\""))
            }
        }
    }

    @Test("?live=0 gives the same board without the event stream")
    func notLive() async throws {
        let setup = try Setup.fixture()
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/races?live=0", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(!html.contains("data-race-events") && !html.contains("/races/live.js"))
                #expect(html.components(separatedBy: "<tr data-name=").count - 1 == 5)
            }
        }
    }

    @Test("a dead service with nothing saved is a 503 page with the CLI's message")
    func unavailable() async throws {
        let setup = Setup(
            http: StubHTTPClient { request in
                throw NetworkError.connectionFailed(url: request.url, reason: "connection refused")
            })
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

    @Test("the dashboard card shows the next three races and stays live on the board's stream")
    func dashboard() async throws {
        let setup = try Setup.fixture()
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/", method: .get, headers: localhost) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("Next races"))
                #expect(html.components(separatedBy: "<tr data-name=").count - 1 == 3)
                #expect(html.contains("data-race-events=\"/races/events?count=3\""))
                #expect(html.contains("<script src=\"/races/live.js\" defer>"))
            }
        }
    }
}

/// Item 4: the OpenAPI schema of `/api/races/next` names every property the encoder writes, all required (nil is
/// written as null), with no untyped object.
@Suite("/api/races/next OpenAPI")
struct RacingOpenAPITests {
    @Test("the schema's properties and required lists are exactly the keys of the encoded report and its races")
    func schemaMatchesEncoding() async throws {
        let setup = try Setup.fixture()
        try await setup.application().test(.router) { client in
            let body = try await client.execute(uri: "/api/races/next", method: .get, headers: localhost).body
            let report = try JSONDecoder().decode([String: JSONValue].self, from: Data(String(buffer: body).utf8))
            let document = try await client.execute(uri: "/api/openapi.json", method: .get, headers: localhost).body
            let root = try JSONDecoder().decode(JSONValue.self, from: Data(String(buffer: document).utf8))
            let schema = try #require(
                root["paths"]?["/api/races/next"]?["get"]?["responses"]?["200"]?["content"]?["application/json"]?[
                    "schema"])
            #expect(keys(schema["properties"]) == Set(report.keys))
            #expect(keys(schema["required"]) == Set(report.keys))
            guard case .array(let races)? = report["races"], case .object(let race)? = races.first else {
                Issue.record("no race in the report")
                return
            }
            let item = try #require(schema["properties"]?["races"]?["items"])
            #expect(keys(item["properties"]) == Set(race.keys))
            #expect(keys(item["required"]) == Set(race.keys))
            #expect(untypedObjects(schema) == 0)
        }
    }

    private func keys(_ value: JSONValue?) -> Set<String> {
        switch value {
        case .object(let members)?: Set(members.keys)
        case .array(let items)?: Set(items.compactMap { if case .string(let name) = $0 { name } else { nil } })
        default: []
        }
    }

    /// Objects declared without their properties.
    private func untypedObjects(_ value: JSONValue) -> Int {
        switch value {
        case .object(let members):
            let untyped = members["type"] == .string("object") && members["properties"] == nil ? 1 : 0
            return untyped + members.values.map(untypedObjects).reduce(0, +)
        case .array(let items):
            return items.map(untypedObjects).reduce(0, +)
        default:
            return 0
        }
    }
}

extension JSONValue {
    /// The member `key` of an object.
    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }
}
