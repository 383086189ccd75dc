import Failures
import Foundation
import MarketData
import MarketDataTesting
import Money
import Persistence
import StockTrading
import Testing
import Timing
import TimingTesting

/// `stocks quotes` with no symbol lists what the user follows, asking a live provider for those symbols only, once
/// per time to live; the bundled ten only on the simulated market or when the user follows nothing.
@Suite struct QuoteListingTests {
    let world = TestWorld()

    func services(_ providers: [any MarketDataProvider]) async throws -> StockTradingServices {
        try await world.services(providers: providers)
    }

    @Test func holdingsAndWatchlistAreListedEachAskedOncePerTimeToLive() async throws {
        let provider = ScriptedProvider(id: "yahoo", displayName: "Yahoo Finance", quote: { .sample($0, price: 100) })
        let services = try await services([provider])
        let me = try await services.accounts.openAccount(
            email: "ann@example.com", password: "correct horse", confirmation: "correct horse")
        _ = try await services.trading.trade(.buy, "SPY", quantity: 1, for: me)
        _ = try await services.watchlist.add(["VOD.L", "spy"], for: me)
        let requestsBefore = provider.requests.count
        let listed = try await services.quotes.listing([], for: me)
        #expect(listed.priced.report.map(\.symbol) == ["SPY", "VOD.L"] && listed.note == nil)
        _ = try await services.quotes.listing([], for: me)
        _ = try await services.portfolio.portfolio(for: me)
        #expect(
            provider.requests.dropFirst(requestsBefore).allSatisfy { $0 == "quote VOD.L" },
            "SPY was priced by the trade; VOD.L once; nothing of the bundled ten")
        #expect(provider.requests.filter { $0 == "quote VOD.L" }.count == 1)
        world.wallClock.advance(by: 61)
        _ = try await services.quotes.listing([], for: me)
        #expect(provider.requests.filter { $0 == "quote SPY" }.count == 2, "asked again once its time to live ends")
        #expect(!provider.requests.contains("quote AAPL"))
    }

    @Test func followingNothingOrNoLoginListsTheBundledTenSayingSo() async throws {
        let provider = ScriptedProvider(id: "yahoo", displayName: "Yahoo Finance", quote: { .sample($0, price: 100) })
        let services = try await services([provider])
        let me = try await services.accounts.openAccount(
            email: "ann@example.com", password: "correct horse", confirmation: "correct horse")
        let mine = try await services.quotes.listing([], for: me)
        #expect(mine.priced.report.count == 10 && mine.note?.hasPrefix("you hold and watch nothing yet") == true)
        let nobody = try await services.quotes.listing([], for: nil)
        #expect(nobody.note?.hasPrefix("no one is logged in") == true)
        let named = try await services.quotes.listing(["msft"], for: me)
        #expect(named.priced.report.map(\.symbol) == ["MSFT"] && named.note == nil)
    }

    @Test func theSimulatedMarketListsItsTen() async throws {
        let simulated = SimulatedMarket(
            store: world.database.store(namespace: "market"), timing: world.timing, seed: 11)
        let services = try await services([simulated])
        let me = try await services.accounts.openAccount(
            email: "ann@example.com", password: "correct horse", confirmation: "correct horse")
        _ = try await services.watchlist.add(["AMD"], for: me)
        let listed = try await services.quotes.listing([], for: me)
        #expect(listed.priced.report.count == 10 && listed.note?.contains("simulated market") == true)
    }
}
