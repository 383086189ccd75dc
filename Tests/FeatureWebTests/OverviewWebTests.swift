import FeatureKit
import FeatureKitTesting
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Money
import Overview
import Persistence
import Testing
import Timing
import TimingTesting

/// `/` and `/api/overview` in process (issue 38 item 1): the API is byte for byte the report `--format json` prints,
/// the page shows its parts and the one-click link, and the OpenAPI document has the route.
@Suite("overview on the web")
struct OverviewWebTests {
    static let now = Date(timeIntervalSince1970: 1_796_385_600)

    static func service() -> OverviewService {
        let today = CalendarDate(Self.now, in: TimeZone(identifier: "UTC")!)
        let books = HouseholdPosition(
            currency: "GBP", asOf: today, assets: 1000, debts: 0, net: 1000,
            accounts: [.init(name: "Savings", assetClass: .cash, currency: "GBP", value: 1000, counted: true)],
            history: [.init(date: today.adding(days: -40), assets: 900, debts: 0, net: 900)],
            rates: ["USD": Amount("0.8")!], linkAction: "/networth/accounts/follow")
        let paper = KnownSource(
            name: "stocks:portfolio/a@example.com", summary: "a paper account",
            reading: .value(
                SourcedValue(
                    amount: 500, currency: "USD", asOf: Self.now,
                    holdings: [
                        SourcedHolding(name: "AAPL", assetClass: .equity, currency: "USD", value: 500, dayChange: 5)
                    ])))
        return OverviewService(
            inputs: OverviewService.Inputs(household: { books }, sources: { [paper] }), now: { Self.now },
            timeZone: TimeZone(identifier: "UTC")!)
    }

    @Test("/api/overview is exactly the report as JSON; a bad range is problem details naming it; / shows the parts")
    func routes() async throws {
        let clock = ManualClock()
        let timing = Timing.test(clock: clock)
        var environment = WebEnvironment(
            contexts: [:], layout: Layout(navigation: []), ticker: Ticker(clock: clock), timing: timing,
            sessions: BrowserSessions(now: { timing.now() }))
        let service = Self.service()
        environment.overview = service
        let router = WebServer.router(
            features: [], environment: environment, configuration: WebServerConfiguration(secret: testSecret))
        let expected = try JSONOutput.string(try await service.overview(range: .fiveYears)) + "\n"
        try await Application(router: router).test(.router) { client in
            let api = try await client.execute(uri: "/api/overview?range=5Y", method: .get, headers: localhost) { $0 }
            #expect(api.status == .ok)
            #expect(String(buffer: api.body) == expected)
            let bad = try await client.execute(uri: "/api/overview?range=2W", method: .get, headers: localhost) { $0 }
            #expect(bad.status == .unprocessableContent)
            #expect(
                String(buffer: bad.body).contains("\"field\":\"range\"")
                    || String(buffer: bad.body).contains("\"field\" : \"range\""))
            let page = try await client.execute(uri: "/?range=1M", method: .get, headers: localhost) {
                String(buffer: $0.body)
            }
            #expect(page.contains("id=\"overview-trend\""))
            #expect(page.contains("href=\"/?range=1M\" aria-current=\"true\""))
            #expect(page.contains("By asset class") && page.contains("By currency"))
            #expect(page.contains("Today's movers") && page.contains("AAPL"))
            #expect(page.contains("action=\"/networth/accounts/follow\""))
            #expect(page.contains("name=\"source\" value=\"stocks:portfolio/a@example.com\""))
            let openAPI = try await client.execute(uri: "/api/openapi.json", method: .get, headers: localhost) {
                String(buffer: $0.body)
            }
            #expect(openAPI.contains("\"/api/overview\""))
        }
    }
}
