import ArgumentParser
import FeatureKit
import FeatureKitTesting
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ETFAnalyzerCommands
import ETFAnalyzerWeb
import Persistence
import Testing
import Timing
import TimingTesting

private let localhost: HTTPFields = [HTTPField.Name("Host")!: "localhost"]
private let secret = "etf-test-secret"
private let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Modules/Features/ETFAnalyzer/Examples/etfs.csv")

private struct Setup {
    let timing = Timing.test(now: Date(timeIntervalSince1970: 1_764_000_000))
    let store = InMemoryDatabase().store(namespace: "etf")

    func context(terminal: any Terminal = CapturedTerminal()) -> FeatureContext {
        .test(featureID: "etf", store: store, timing: timing, terminal: terminal)
    }

    func application() -> some ApplicationProtocol {
        let environment = WebEnvironment(
            runner: CommandRunner(features: [(descriptor: ETFAnalyzerPlugin.descriptor, context: context())]),
            layout: Layout(navigation: [ETFAnalyzerWeb.feature.navigation]), ticker: Ticker(clock: timing.clock),
            timing: timing, sessions: SessionStore(now: { Date() }))
        return Application(
            router: WebServer.router(
                features: [ETFAnalyzerWeb.feature], environment: environment, configuration: WebServerConfiguration(secret: secret)))
    }

    func cli(_ arguments: [String]) async throws -> String {
        let terminal = CapturedTerminal()
        let command = try #require(try ETFAnalyzerPlugin.descriptor.command.parseAsRoot(arguments) as? any FeatureCommand)
        try await command.run(in: context(terminal: terminal))
        return terminal.output
    }
}

private func post(_ fields: [String: String]) -> (HTTPFields, ByteBuffer) {
    var headers = localhost
    headers[.cookie] = "\(CSRF.cookieName)=seed"
    headers[.contentType] = "application/x-www-form-urlencoded"
    var components = URLComponents()
    components.queryItems = (fields.map { URLQueryItem(name: $0.key, value: $0.value) }
        + [URLQueryItem(name: "_csrf", value: CSRF.token(seed: "seed", secret: secret))])
    let body = components.percentEncodedQuery!.replacingOccurrences(of: "+", with: "%2B")
    return (headers, ByteBuffer(string: body))
}

@Suite("/etf page")
struct ETFPagesTests {
    @Test("a pasted CSV gives the report and its allocation chart; the downloads are exactly `analyze --format …`")
    func report() async throws {
        let setup = Setup()
        let csv = try String(contentsOf: example, encoding: .utf8)
        let markdown = try await setup.cli(["analyze", example.path, "--format", "markdown"])
        let json = try await setup.cli(["analyze", example.path, "--format", "json"])
        try await setup.application().test(.router) { client in
            let (headers, body) = post(["csv": csv, "format": "html"])
            try await client.execute(uri: "/etf", method: .post, headers: headers, body: body) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(html.contains("id=\"etf-figures\"") && html.contains("Vanguard S&amp;P 500 ETF (VOO)"))
                #expect(html.contains("id=\"allocation-chart\"") && html.contains("<rect x=\"300\""))
            }
            let (mdHeaders, mdBody) = post(["csv": csv, "format": "markdown"])
            try await client.execute(uri: "/etf", method: .post, headers: mdHeaders, body: mdBody) { response in
                #expect(response.headers[.contentDisposition] == "attachment; filename=\"etf-report.md\"")
                #expect(String(buffer: response.body) == markdown)
            }
            let (jsonHeaders, jsonBody) = post(["csv": csv, "format": "json"])
            try await client.execute(uri: "/etf", method: .post, headers: jsonHeaders, body: jsonBody) { response in
                #expect(String(buffer: response.body) == json)
            }
        }
    }

    @Test("a bad CSV shows the CLI's message next to the box, keeping what was pasted")
    func badCSV() async throws {
        try await Setup().application().test(.router) { client in
            let csv = "name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price\nBad,abc,1,1,1,2024-01-01,1"
            let (headers, body) = post(["csv": csv, "format": "html"])
            try await client.execute(uri: "/etf", method: .post, headers: headers, body: body) { response in
                let html = String(buffer: response.body)
                #expect(response.status != .ok)
                #expect(html.contains("id=\"csv-error\""))
                #expect(html.contains("Bad,abc"))
            }
        }
    }

    @Test("a saved portfolio can be picked")
    func saved() async throws {
        let setup = Setup()
        _ = try await setup.cli(["save", "core", example.path, "--yes"])
        try await setup.application().test(.router) { client in
            try await client.execute(uri: "/etf", method: .get, headers: localhost) { response in
                #expect(String(buffer: response.body).contains("<option value=\"core\">core</option>"))
            }
            let (headers, body) = post(["saved": "core", "format": "html"])
            try await client.execute(uri: "/etf", method: .post, headers: headers, body: body) { response in
                #expect(String(buffer: response.body).contains("id=\"etf-figures\""))
            }
        }
    }
}
