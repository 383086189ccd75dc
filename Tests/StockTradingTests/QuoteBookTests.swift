import Foundation
import MarketData
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

    @Test func aURLAnswering404IsRejectedEvenWithPricesStored() async throws {
        _ = try await world.quoteBook().quotes()
        world.market.fail(
            with: .status(code: 404, url: URL(string: "http://quotes.test/q.json")!, body: nil, retryAfter: nil))
        await #expect {
            try await world.quoteBook().quotes(.refresh)
        } throws: { error in
            guard case StockTradingError.quotesURLNotFound = error else { return false }
            return (error as? StockTradingError)?.category == .configuration
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
        let down = StubHTTPClient { request in throw NetworkError.connectionFailed(url: request.url, reason: "refused")
        }
        let http = HTTPQuoteSource(http: down, url: URL(string: "http://quotes.test/q.json")!)
        let book = QuoteBook(store: world.store, source: http, timing: world.timing)
        let set = try await book.quotes()
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

@Suite struct HTTPQuoteSourceTests {
    let url = URL(string: "http://quotes.test/v1/quotes.json")!

    func source(_ body: String, status: Int = 200) -> (HTTPQuoteSource, StubHTTPClient) {
        let url = url
        let client = StubHTTPClient { request in
            HTTPResponse(
                status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8), url: request.url)
        }
        return (HTTPQuoteSource(http: client, url: url), client)
    }

    @Test func decodesAnArrayOfQuotes() async throws {
        let (source, client) = source(
            """
            [{"symbol":"aapl","name":"Apple Inc.","price":174.26,"previousClose":"172.10","sector":"Technology"},
             {"symbol":"XYZ","price":"9.5"}]
            """)
        let quotes = try await source.fetchQuotes()
        #expect(client.requests.map(\.url) == [url])
        #expect(quotes.count == 2)
        #expect(
            quotes[0]
                == StockQuote(
                    symbol: "AAPL", name: "Apple Inc.", sector: "Technology", price: Amount("174.26")!,
                    previousClose: Amount("172.10")!))
        #expect(quotes[1].name == "XYZ" && quotes[1].sector == "Other" && quotes[1].previousClose == nil)
    }

    @Test func decodesAnObjectWithQuotes() async throws {
        let quotes = try await source(#"{"quotes":[{"symbol":"MSFT","price":378.85}]}"#).0.fetchQuotes()
        #expect(quotes.map(\.symbol) == ["MSFT"])
    }

    @Test func rejectsBadDocuments() async throws {
        await #expect(throws: NetworkError.self) { try await source(#"[{"symbol":"A"}]"#).0.fetchQuotes() }
        await #expect(throws: StockTradingError.self) {
            try await source(#"[{"symbol":"A","price":0}]"#).0.fetchQuotes()
        }
        await #expect(throws: StockTradingError.self) { try await source("[]").0.fetchQuotes() }
        await #expect(throws: NetworkError.self) { try await source("oops", status: 503).0.fetchQuotes() }
    }
}
