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

/// A funds context whose MF API knows the recorded scheme list and 122639's history and nothing else (or answers as
/// a given client does), served by the funds pages alone.
struct PortfolioSetup {
    static let secret = "funds-portfolio-secret"
    static let localhost: HTTPFields = [HTTPField.Name("Host")!: "localhost"]

    static let now = Date(timeIntervalSince1970: 1_788_000_000)
    let timing = Timing.test(now: PortfolioSetup.now)
    let store = InMemoryDatabase(now: { PortfolioSetup.now }).store(namespace: "funds")
    let http: any HTTPClient
    let configuration = Configuration(environment: ["FOLIO_MFAPI_URL": "http://127.0.0.1:9"])

    init(http: any HTTPClient) { self.http = http }

    init() throws {
        let list = try Fixtures.data("mfapi/list_sample_first50.json")
        let history = try Fixtures.data("mfapi/scheme_122639_history_full_3266pts.json")
        self.init(
            http: StubHTTPClient { request in
                switch request.url.path {
                case "/mf": Networking.HTTPResponse(status: 200, body: list, url: request.url)
                case "/mf/122639": Networking.HTTPResponse(status: 200, body: history, url: request.url)
                default: Networking.HTTPResponse(status: 404, body: Data(), url: request.url)
                }
            })
    }

    func context(terminal: any Terminal = CapturedTerminal()) -> FeatureContext {
        .test(
            featureID: "funds", http: http, store: store, timing: timing, configuration: configuration,
            terminal: terminal)
    }

    func application() -> some ApplicationProtocol {
        let environment = WebEnvironment(
            contexts: [MutualFundsPlugin.descriptor.id: context()],
            layout: Layout(navigation: [MutualFundsWeb.feature.navigation]), ticker: Ticker(clock: timing.clock),
            timing: timing, sessions: BrowserSessions(now: { Date() }))
        return Application(
            router: WebServer.router(
                features: [MutualFundsWeb.feature], environment: environment,
                configuration: WebServerConfiguration(secret: Self.secret)))
    }

    func cli(_ arguments: [String]) async throws -> String {
        let terminal = CapturedTerminal()
        let command = try #require(
            try MutualFundsPlugin.descriptor.command.parseAsRoot(arguments) as? any FeatureCommand)
        try await command.run(in: context(terminal: terminal))
        return terminal.output
    }

    /// A form posted as a browser posts it, with its CSRF token.
    static func form(_ fields: [(String, String)]) -> (HTTPFields, ByteBuffer) {
        var headers = localhost
        headers[.cookie] = "\(CSRF.cookieName)=seed"
        headers[.contentType] = "application/x-www-form-urlencoded"
        let encoded = (fields + [("_csrf", CSRF.token(seed: "seed", secret: secret))]).map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)"
        }
        return (headers, ByteBuffer(string: encoded.joined(separator: "&")))
    }

    /// The portfolio of `statement` imported through the terminal.
    func imported(_ statement: String) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("portfolio-\(UUID().uuidString).json")
        try Data(statement.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try await cli(["portfolio", "import", file.path])
    }
}
