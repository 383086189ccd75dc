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
import NetWorthCommands
import NetWorthWeb
import Persistence
import Testing
import Timing
import TimingTesting

let localhost: HTTPFields = [HTTPField.Name("Host")!: "localhost"]
let secret = "networth-test-secret"

/// One in-memory store and pinned clock (2025-11-24T16:00Z) shared by the app and the in-process CLI.
struct Setup {
    let timing = Timing.test(now: Date(timeIntervalSince1970: 1_764_000_000))
    let store = InMemoryDatabase().store(namespace: "networth")

    func context(terminal: any Terminal = CapturedTerminal()) -> FeatureContext {
        .test(featureID: "networth", store: store, timing: timing, terminal: terminal)
    }

    func application() -> some ApplicationProtocol {
        let environment = WebEnvironment(
            contexts: [NetWorthPlugin.descriptor.id: context()],
            layout: Layout(navigation: [NetWorthWeb.feature.navigation]), ticker: Ticker(clock: timing.clock),
            timing: timing, sessions: BrowserSessions(now: { Date() }))
        return Application(
            router: WebServer.router(
                features: [NetWorthWeb.feature], environment: environment,
                configuration: WebServerConfiguration(secret: secret)))
    }

    @discardableResult
    func cli(_ arguments: [String]) async throws -> String {
        let terminal = CapturedTerminal()
        let command = try #require(try NetWorthPlugin.descriptor.command.parseAsRoot(arguments) as? any FeatureCommand)
        try await command.run(in: context(terminal: terminal))
        return terminal.output
    }

    static func withSample() async throws -> Setup {
        let setup = Setup()
        try await setup.cli(["sample"])
        return setup
    }
}

/// A form POST with a valid CSRF cookie and token.
func post(_ body: String) -> (HTTPFields, ByteBuffer) {
    var headers = localhost
    headers[.cookie] = "\(CSRF.cookieName)=seed"
    headers[.contentType] = "application/x-www-form-urlencoded"
    return (headers, ByteBuffer(string: body + "&_csrf=" + CSRF.token(seed: "seed", secret: secret)))
}
