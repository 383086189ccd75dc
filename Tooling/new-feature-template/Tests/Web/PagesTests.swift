import FeatureKit
import FeatureKitTesting
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Persistence
import Testing
import Timing
import TimingTesting
import __NAME__
import __NAME__Web

@Suite("/__ID__ page")
struct __NAME__PagesTests {
    @Test("the page lists what the service keeps")
    func page() async throws {
        let timing = Timing.test(now: Date(timeIntervalSince1970: 1_700_000_000))
        let store = InMemoryDatabase().store(namespace: "__ID__")
        _ = try await __NAME__Service(store: store, timing: timing).add("Review the budget")
        let environment = WebEnvironment(
            contexts: ["__ID__": .test(featureID: "__ID__", store: store, timing: timing)],
            layout: Layout(navigation: [__NAME__Web.feature.navigation]), ticker: Ticker(clock: timing.clock),
            timing: timing, sessions: BrowserSessions(now: { timing.now() }))
        let application = Application(
            router: WebServer.router(
                features: [__NAME__Web.feature], environment: environment,
                configuration: WebServerConfiguration(secret: "__ID__-test-secret")))
        try await application.test(.router) { client in
            try await client.execute(uri: "/__ID__", method: .get, headers: [HTTPField.Name("Host")!: "localhost"]) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("<li>Review the budget</li>"))
            }
        }
    }
}
