import FeatureCLI
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

@Suite("dashboard")
struct DashboardTests {
    @Test("a card that does not answer within 3 s is left out with a note; the others show")
    func slowCard() async throws {
        let clock = ManualClock()
        let timing = Timing.test(clock: clock)
        let slow = WebFeature(
            id: "slow", navigation: NavigationEntry(title: "Slow", path: "/slow"),
            dashboard: { _, _ in
                try? await clock.sleep(for: .seconds(3600))
                return DashboardCard(title: "Late", body: .empty)
            },
            routes: { _, _ in })
        let context = FeatureContext.test(
            featureID: "demo", store: InMemoryDatabase().store(namespace: "demo"), timing: timing)
        let environment = WebEnvironment(
            contexts: [demoDescriptor.id: context],
            layout: Layout(navigation: []), ticker: Ticker(clock: clock), timing: timing,
            sessions: BrowserSessions(now: { timing.now() }))
        let router = WebServer.router(
            features: [slow, demoFeature], environment: environment,
            configuration: WebServerConfiguration(secret: testSecret))
        try await Application(router: router).test(.router) { client in
            async let page = client.execute(uri: "/", method: .get, headers: localhost) { String(buffer: $0.body) }
            await clock.waitForSleepers(2)
            await clock.advance(by: .seconds(3))
            let html = try await page
            #expect(html.contains("Slow: no answer within 3s."))
            #expect(html.contains("Demo card"))
            #expect(!html.contains("late"))
        }
    }
}
