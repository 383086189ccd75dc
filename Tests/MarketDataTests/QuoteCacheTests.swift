import Failures
import Foundation
import MarketData
import MarketDataTesting
import Money
import Persistence
import PersistenceSQLite
import Testing
import Timing
import TimingTesting

@Suite struct QuoteCacheTests {
    @Test func aQuoteIsCachedForItsTimeToLive() async throws {
        let world = World()
        let prices = Counter()
        let provider = ScriptedProvider(quote: { .sample($0, price: Amount(100 + prices.next())) })
        let market = world.service([provider], ttl: .seconds(60))
        #expect(try await market.quote("aapl").quote.price == 101)
        world.wall.advance(by: 59)
        let cached = try await market.quote("AAPL")
        #expect(cached.quote.price == 101 && !cached.isStale && cached.age == .seconds(59))
        world.wall.advance(by: 2)
        #expect(try await market.quote("AAPL").quote.price == 102)
        #expect(provider.requests == ["quote AAPL", "quote AAPL"])
        #expect(try await market.quote("AAPL", mode: .refresh).quote.price == 103)
    }

    @Test func callersAskingAtOnceShareOneRequest() async throws {
        let world = World()
        let gate = Gate()
        let provider = ScriptedProvider(quote: { symbol in
            await gate.wait()
            return .sample(symbol, price: .of("227.55"))
        })
        let market = world.service([provider])
        let callers = (0..<12).map { index in
            Task { try await market.quote(index.isMultiple(of: 2) ? "AAPL" : "aapl") }
        }
        while gate.waiting < 1 { await Task.yield() }
        for _ in 0..<100 { await Task.yield() }
        gate.open()
        for caller in callers { #expect(try await caller.value.quote.price == .of("227.55")) }
        #expect(provider.requests == ["quote AAPL"])
    }

    @Test func aFailingProviderLeavesTheStoredPriceMarkedStaleWithItsAge() async throws {
        let world = World()
        let answers = Counter()
        let provider = ScriptedProvider(
            displayName: "Yahoo Finance",
            quote: { symbol in
                guard answers.next() == 1 else {
                    throw MarketDataError.unavailable(symbol: symbol, provider: "Yahoo Finance", reason: "HTTP 503")
                }
                return .sample(symbol, price: .of("289.07"))
            })
        let market = world.service([provider])
        _ = try await market.quote("AAPL")
        world.wall.advance(by: 300)
        let stale = try await market.quote("AAPL")
        #expect(stale.isStale && stale.quote.price == .of("289.07") && stale.age == .seconds(300))
        #expect(stale.failure == "no price for AAPL from Yahoo Finance: HTTP 503")
        #expect(stale.provider == "Yahoo Finance")
    }

    @Test func withNothingStoredTheFailureIsTheProvidersNamingTheSymbol() async throws {
        let world = World()
        let provider = ScriptedProvider(
            displayName: "Yahoo Finance",
            quote: { symbol in
                throw MarketDataError.rateLimited(
                    symbol: symbol, provider: "Yahoo Finance", retryAfter: nil, reason: "HTTP 429: Too Many Requests")
            })
        let market = world.service([provider])
        await #expect(
            throws: MarketDataError.rateLimited(
                symbol: "TSLA", provider: "Yahoo Finance", retryAfter: nil, reason: "HTTP 429: Too Many Requests")
        ) {
            try await market.quote("tsla")
        }
    }

    @Test func aFailingFirstProviderFallsBackToTheSecond() async throws {
        let world = World()
        let yahoo = ScriptedProvider(
            id: "yahoo", displayName: "Yahoo Finance",
            quote: { symbol in
                throw MarketDataError.rateLimited(
                    symbol: symbol, provider: "Yahoo Finance", retryAfter: nil, reason: "HTTP 429")
            })
        let alpha = ScriptedProvider(
            id: "alphavantage", displayName: "Alpha Vantage", quote: { .sample($0, price: .of("112.13")) })
        let reading = try await world.service([yahoo, alpha]).quote("MSFT")
        #expect(reading.provider == "Alpha Vantage" && reading.quote.price == .of("112.13"))
        #expect(yahoo.requests == ["quote MSFT"] && alpha.requests == ["quote MSFT"])
    }

    @Test func anUnknownSymbolIsAnAnswerNotAFailure() async throws {
        let world = World()
        let yahoo = ScriptedProvider(
            id: "yahoo", displayName: "Yahoo Finance",
            quote: { symbol in
                throw MarketDataError.unknownSymbol(symbol: symbol, provider: "Yahoo Finance")
            })
        let alpha = ScriptedProvider(id: "alphavantage", quote: { .sample($0, price: 1) })
        await #expect(throws: MarketDataError.unknownSymbol(symbol: "NOPE", provider: "Yahoo Finance")) {
            try await world.service([yahoo, alpha]).quote("NOPE")
        }
        #expect(alpha.requests.isEmpty)
        #expect(MarketDataError.unknownSymbol(symbol: "NOPE", provider: "Yahoo Finance").folioError.kind == .notFound)
    }

    @Test func offlineUsesStoredPricesOrALocalProviderOnly() async throws {
        let world = World()
        let live = ScriptedProvider(
            id: "yahoo", displayName: "Yahoo Finance", quote: { .sample($0, price: .of("5.5")) })
        let market = world.service([live])
        await #expect(throws: MarketDataError.self) { try await market.quote("AAPL", mode: .offline) }
        _ = try await market.quote("AAPL")
        world.wall.advance(by: 3600)
        let stored = try await market.quote("AAPL", mode: .offline)
        #expect(stored.isStale && stored.quote.price == .of("5.5") && stored.age == .seconds(3600))
        #expect(live.requests.count == 1)
        let local = ScriptedProvider(id: "simulated", requiresNetwork: false, quote: { .sample($0, price: 7) })
        #expect(try await world.service([local]).quote("MSFT", mode: .offline).quote.price == 7)
    }

    @Test func quotesSurviveInASQLiteFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("market-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let world = World()
        let wall = world.wall
        let file = directory.appendingPathComponent("folio.sqlite")
        let provider = ScriptedProvider(quote: { .sample($0, price: .of("42.15")) })
        let first = MarketDataService(
            providers: [provider],
            store: try SQLiteDatabase(fileURL: file, now: { wall.now() }).store(namespace: "market"),
            timing: world.timing, quoteTTL: .seconds(60))
        _ = try await first.quote("INTC")
        world.wall.advance(by: 30)
        // A second process over the same file: the price is still fresh, so nothing is asked.
        let second = MarketDataService(
            providers: [provider],
            store: try SQLiteDatabase(fileURL: file, now: { wall.now() }).store(namespace: "market"),
            timing: world.timing, quoteTTL: .seconds(60))
        let reading = try await second.quote("INTC")
        #expect(reading.quote.price == .of("42.15") && !reading.isStale && reading.age == .seconds(30))
        #expect(provider.requests.count == 1)
    }

    @Test func manySymbolsAtOnceAreOneRequestEachAndRefusalsStayPerSymbol() async throws {
        let world = World()
        let provider = ScriptedProvider(quote: { symbol in
            guard symbol != "GONE" else { throw MarketDataError.delisted(symbol: symbol, provider: "Scripted") }
            return .sample(symbol, price: 3)
        })
        let results = await world.service([provider]).quotes(["AAPL", "msft", "AAPL", "GONE"])
        #expect(Set(results.keys) == ["AAPL", "MSFT", "GONE"])
        #expect(try results["AAPL"]?.get().quote.price == 3)
        #expect(provider.requests.sorted() == ["quote AAPL", "quote GONE", "quote MSFT"])
    }
}
