import Foundation
import MarketData
import MarketDataTesting
import Money
import Networking
import NetworkingTesting
import Persistence
import StockTrading
import Testing
import Timing
import TimingTesting

@Suite struct QuoteBookTests {
    let world = TestWorld()

    @Test func freshPricesAreServedFromTheStoreUntilTheyExpire() async throws {
        let book = world.quoteBook(ttl: .seconds(60))
        let first = try await book.quotes()
        #expect(first.quote(for: "aapl")?.quote.price == 100)
        #expect(!first.isStale)
        world.market.set("AAPL", 101)
        world.wallClock.advance(by: 30)
        #expect(try await book.quotes().quote(for: "AAPL")?.quote.price == 100)
        #expect(world.market.fetches == 1)
        world.wallClock.advance(by: 31)
        #expect(try await book.quotes().quote(for: "AAPL")?.quote.price == 101)
        #expect(world.market.fetches == 2)
        world.market.set("AAPL", 102)
        #expect(try await book.quotes(.refresh).quote(for: "AAPL")?.quote.price == 102)
    }

    @Test func lastKnownPricesAreServedStaleWithTheirAgeWhenTheSourceFails() async throws {
        let book = world.quoteBook(ttl: .seconds(60))
        _ = try await book.quotes()
        world.wallClock.advance(by: 600)
        world.market.fail(with: .connectionFailed(url: URL(string: "http://127.0.0.1:9/q")!, reason: "refused"))
        let stale = try await book.quotes()
        #expect(stale.isStale)
        #expect(stale.failure?.contains("refused") == true)
        #expect(stale.asOf == TestWorld.start)
        #expect(stale.quote(for: "TSLA")?.isStale == true)
        #expect(stale.quote(for: "TSLA")?.quote.price == 200)
        #expect(world.timing.now().timeIntervalSince(stale.asOf) == 600)
        world.market.fail(with: nil)
        let recovered = try await book.quotes()
        #expect(!recovered.isStale)
        #expect(recovered.quote(for: "TSLA")?.isStale == false)
    }

    @Test func nothingStoredAndSourceDownIsUnavailable() async throws {
        world.market.fail(with: .timedOut(url: URL(string: "http://127.0.0.1:9/q")!, after: .seconds(5)))
        await #expect {
            try await world.quoteBook().quotes()
        } throws: { error in
            guard case StockTradingError.quotesUnavailable = error else { return false }
            return (error as? StockTradingError)?.category == .unavailable
        }
    }

    @Test func offlineUsesTheStoreOnly() async throws {
        await #expect(throws: StockTradingError.self) { try await world.quoteBook().quotes(.offline) }
        _ = try await world.quoteBook().quotes()
        world.wallClock.advance(by: 3_600)
        let offline = try await world.quoteBook().quotes(.offline)
        #expect(offline.isStale)
        #expect(world.market.fetches == 1)
    }

    @Test func pricesKeptFromAnotherSourceSayWhereTheyCameFrom() async throws {
        _ = try await world.quoteBook().quotes()
        let down = ScriptedProvider(quote: { symbol in
            throw MarketDataError.unavailable(symbol: symbol, provider: "Scripted", reason: "refused")
        })
        let market = MarketDataService(
            providers: [down], store: InMemoryDatabase().store(namespace: "market"), timing: world.timing,
            quoteTTL: .seconds(60))
        let book = QuoteBook(store: world.store, source: MarketDataQuoteSource(market: market), timing: world.timing)
        // A live source is asked for the symbols wanted (asked for none, it is asked nothing).
        #expect(try await book.quotes().quotes.isEmpty)
        let set = try await book.quotes(symbols: ["AAPL", "MSFT"])
        #expect(set.isStale && set.source == "the scripted market")
        #expect(set.quotes.values.allSatisfy { $0.isStale })
    }

    @Test func offlineStillRunsALocalMarket() async throws {
        let market = SimulatedMarket(store: world.store, timing: world.timing, seed: 5)
        let book = QuoteBook(store: world.store, source: market, timing: world.timing)
        #expect(try await book.quotes(.offline).symbols.count == 10)
    }

    @Test func aNonsensicalAnswerIsReportedNotHidden() async throws {
        _ = try await world.quoteBook().quotes()
        world.market.fail(with: .decoding(url: URL(string: "http://127.0.0.1:9/q")!, path: "[0].price", reason: "bad"))
        await #expect {
            try await world.quoteBook().quotes(.refresh)
        } throws: { error in
            (error as? StockTradingError)?.category == .dataError
        }
    }

    @Test func symbolsAndUnknownSymbols() async throws {
        let set = try await world.quoteBook().quotes()
        #expect(set.symbols == ["AAPL", "MSFT", "TSLA"])
        #expect(throws: StockTradingError.unknownSymbol("ZZZ", known: ["AAPL", "MSFT", "TSLA"])) {
            try set.require("zzz")
        }
    }
}
