import FeatureCLI
import FeatureKit
import FeatureKitTesting
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MarketData
import MarketDataTesting
import Money
import Persistence
import Settings
import StockTradingCommands
import StockTradingWeb
import Synchronization
import Testing
import Timing
import TimingTesting

/// A stocks server whose market-data provider answers, fails or never answers, on a manual clock (the page
/// deadline) and a pinned wall clock (the prices' age), counting the rounds of quotes that reach it.
private final class QuotesUpstream: Sendable {
    enum Mode: Sendable { case answering, failing, silent }

    let wall = PinnedWallClock(Date(timeIntervalSince1970: 1_764_000_000))
    let clock = ManualClock()
    /// The clock a silent provider waits on; never advanced, so it only ever ends by cancellation.
    let never = ManualClock()
    let database: InMemoryDatabase
    let provider: ScriptedProvider
    private let mode = ModeBox()

    /// The provider's mode, shared by the upstream and its script.
    final class ModeBox: Sendable {
        private let state = Mutex(Mode.answering)
        var value: Mode { state.withLock { $0 } }
        func set(_ mode: Mode) { state.withLock { $0 = mode } }
    }

    init() {
        let wall = wall
        database = InMemoryDatabase(now: { wall.now() })
        let never = never
        let mode = mode
        provider = ScriptedProvider(quote: { symbol in
            switch mode.value {
            case .silent:
                try await never.sleep(for: .seconds(86_400))
                throw CancellationError()
            case .failing:
                throw MarketDataError.unavailable(symbol: symbol, provider: "Scripted", reason: "HTTP 500")
            case .answering:
                return PriceQuote.sample(
                    symbol, price: Amount(17426, places: 2), previousClose: Amount(17210, places: 2))
            }
        })
    }

    func set(_ mode: Mode) { self.mode.set(mode) }
    /// Rounds of quotes asked for: every round asks for AAPL once.
    var requests: Int { provider.requests.filter { $0 == "quote AAPL" }.count }

    func application() -> some ApplicationProtocol {
        let timing = Timing(clock: clock, wallClock: wall)
        var context = FeatureContext.test(
            featureID: "stocks", store: database.store(namespace: "stocks"), timing: timing,
            terminal: CapturedTerminal())
        context.marketData = MarketDataService(
            providers: [provider], store: database.store(namespace: "market"), timing: timing, quoteTTL: .seconds(60))
        // The default page policy: a 3 s deadline, failures remembered for 30 s.
        let environment = WebEnvironment(
            contexts: [StockTradingPlugin.descriptor.id: context],
            layout: Layout(navigation: [StockTradingWeb.feature.navigation]), ticker: Ticker(clock: clock),
            timing: timing, sessions: BrowserSessions(now: { Date() })
        ).scoped(to: StockTradingPlugin.descriptor.id)
        return Application(
            router: WebServer.router(
                features: [StockTradingWeb.feature], environment: environment,
                configuration: WebServerConfiguration(secret: secret)))
    }
}

@Suite("/stocks pages under the page policy")
struct StocksPagePolicyTests {
    @Test("a market that never answers: the uncached page fails at the page deadline with 503, later views at once")
    func silentService() async throws {
        let upstream = QuotesUpstream()
        upstream.set(.silent)
        try await upstream.application().test(.router) { client in
            let cookie = try await logIn(client)
            async let first = page(client, "/stocks/quotes", cookie: cookie)
            // The page waits on its deadline (3 s on the manual clock), not on the client's retries.
            await upstream.clock.waitForSleepers(1)
            await upstream.clock.advance(by: .seconds(3))
            let (status, html) = try await first
            #expect(status == .serviceUnavailable)
            #expect(html.contains("the quotes service did not answer within 3s"))
            #expect(!html.contains("127.0.0.1"), "no upstream address on the page")
            #expect(upstream.requests == 1)
            for path in ["/stocks", "/stocks/quotes"] {
                let (again, _) = try await page(client, path, cookie: cookie)
                #expect(again == .serviceUnavailable, "\(path): the failure is remembered")
            }
            // A live market is asked only for the symbols a page shows: an empty watchlist needs no price.
            let (watchlist, _) = try await page(client, "/stocks/watchlist", cookie: cookie)
            #expect(watchlist == .ok)
            #expect(upstream.requests == 1, "no view after the first waits on the service again")
            #expect(upstream.clock.sleeperCount == 0)
        }
    }

    @Test("expired prices are shown at once, said stale, while one refresh runs; its failure is remembered and said")
    func staleCopyAtOnce() async throws {
        let upstream = QuotesUpstream()
        try await upstream.application().test(.router) { client in
            let cookie = try await logIn(client)
            let (fresh, html) = try await page(client, "/stocks/quotes", cookie: cookie)
            #expect(fresh == .ok && html.contains(symbolCell("AAPL")) && !html.contains("Stale:"))
            #expect(upstream.requests == 1)

            upstream.wall.advance(by: 120)
            upstream.set(.failing)
            let (status, stale) = try await page(client, "/stocks/quotes", cookie: cookie)
            #expect(status == .ok && stale.contains(symbolCell("AAPL")) && stale.contains("Stale:"))
            for _ in 0..<10_000 where upstream.requests < 2 { await Task.yield() }
            var view = try await page(client, "/stocks/quotes", cookie: cookie).1
            for _ in 0..<1000 where !view.contains("could not refresh the quotes service") {
                await Task.yield()
                view = try await page(client, "/stocks/quotes", cookie: cookie).1
            }
            #expect(view.contains("could not refresh the quotes service"))
            #expect(upstream.requests == 2, "one background refresh, then the remembered failure: no request per view")
        }
    }
}
