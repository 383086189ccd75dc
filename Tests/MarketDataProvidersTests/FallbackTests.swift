import Foundation
import MarketData
import MarketDataAlphaVantage
import MarketDataYahoo
import Money
import Networking
import NetworkingTesting
import Persistence
import Testing
import Timing
import TimingTesting

@Suite(.timeLimit(.minutes(10))) struct FallbackTests {
    @Test func yahoosRefusalFallsBackToAlphaVantageAndTheGateStaysClosedForItsRetryAfter() async throws {
        let yahooServer = try await LoopbackServer.start { _ in
            LoopbackResponse(status: 429, headers: ["Retry-After": "20"], body: Data("Too Many Requests".utf8))
        }
        let alphaServer = try await LoopbackServer.start { _ in
            try .fixture("alphavantage/RomelTorres_MSFT_global-quote-2018-10-05.json")
        }
        let clock = ManualClock()
        let timing = Timing.test(now: Date(timeIntervalSince1970: 1_538_769_600), clock: clock)
        let http = transport()
        let market = MarketDataService(
            providers: [
                YahooFinanceProvider(http: http, baseURL: yahooServer.baseURL, timing: timing).limited(
                    .yahoo, timing: timing),
                AlphaVantageProvider(http: http, apiKey: "demo", baseURL: alphaServer.baseURL, timing: timing)
                    .limited(.alphaVantage, timing: timing),
            ],
            store: InMemoryDatabase().store(namespace: "market"), timing: timing, quoteTTL: .seconds(60))
        let first = try await market.quote("MSFT")
        #expect(first.provider == "Alpha Vantage" && first.quote.price == .of("112.13"))
        // Refreshed while Yahoo's Retry-After runs: Alpha Vantage is asked after its least gap, Yahoo not at all.
        let second = Task { try await market.quote("MSFT", mode: .refresh) }
        await clock.waitForSleepers(1)
        await clock.advance(by: .seconds(1))
        #expect(try await second.value.provider == "Alpha Vantage")
        #expect(yahooServer.requests.count == 1 && alphaServer.requests.count == 2)
        await yahooServer.stop()
        await alphaServer.stop()
    }
}
