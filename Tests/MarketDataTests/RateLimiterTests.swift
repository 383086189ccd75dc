import Failures
import Foundation
import MarketData
import MarketDataTesting
import Money
import Testing
import Timing
import TimingTesting

@Suite struct RateLimiterTests {
    @Test func keepsTheLeastGapBetweenStarts() async throws {
        let world = World()
        let limiter = RateLimiter(
            limit: RateLimit(perMinute: 100, inFlight: 5, minimumGap: .seconds(2)), timing: world.timing)
        try await limiter.acquire()
        let second = Task { try await limiter.acquire() }
        await world.clock.waitForSleepers(1)
        #expect(await limiter.recentStarts == 1)
        await world.clock.advance(by: .seconds(2))
        try await second.value
        #expect(await limiter.recentStarts == 2)
    }

    @Test func startsNoMoreThanTheLimitInAnyMinute() async throws {
        let world = World()
        let limiter = RateLimiter(
            limit: RateLimit(perMinute: 3, inFlight: 5, minimumGap: .zero, longestWait: .seconds(90)),
            timing: world.timing)
        for _ in 0..<3 {
            try await limiter.acquire()
            await limiter.release()
        }
        let fourth = Task { try await limiter.acquire() }
        await world.clock.waitForSleepers(1)
        await world.clock.advance(by: .seconds(59))
        #expect(await limiter.recentStarts == 3)
        await world.clock.advance(by: .seconds(1))
        try await fourth.value
        // The first three have left the window; the fourth is the only start of the last minute.
        #expect(await limiter.recentStarts == 1)
    }

    @Test func holdsTheRestWhileTheLimitIsInFlight() async throws {
        let world = World()
        let limiter = RateLimiter(
            limit: RateLimit(perMinute: 100, inFlight: 1, minimumGap: .zero), timing: world.timing)
        try await limiter.acquire()
        let second = Task { try await limiter.acquire() }
        for _ in 0..<50 { await Task.yield() }
        #expect(await limiter.recentStarts == 1)
        await limiter.release()
        try await second.value
        #expect(await limiter.recentStarts == 2)
    }

    @Test func refusesAtOnceWhileTheProvidersPauseLasts() async throws {
        let world = World()
        let limiter = RateLimiter(
            limit: RateLimit(perMinute: 100, inFlight: 5, minimumGap: .zero), timing: world.timing)
        await limiter.pause(for: .seconds(10))
        await world.clock.advance(by: .seconds(4))
        await #expect(throws: RateLimiterRefusal(wait: .seconds(6), providerAsked: true)) {
            try await limiter.acquire()
        }
        await world.clock.advance(by: .seconds(6))
        try await limiter.acquire()
        #expect(await limiter.recentStarts == 1)
    }

    @Test func aProvidersRetryAfterClosesTheGateWithoutAnotherRequest() async throws {
        let world = World()
        let answers = Counter()
        let provider = ScriptedProvider(quote: { symbol in
            if answers.next() == 1 {
                throw MarketDataError.rateLimited(
                    symbol: symbol, provider: "Scripted", retryAfter: .seconds(7), reason: "HTTP 429")
            }
            return .sample(symbol, price: .of("10.00"))
        })
        let limited = provider.limited(RateLimit(perMinute: 100, inFlight: 2, minimumGap: .zero), timing: world.timing)
        await #expect(throws: MarketDataError.self) { try await limited.quote(for: "AAPL") }
        // Within the provider's Retry-After nobody asks it again.
        await world.clock.advance(by: .seconds(6))
        guard
            case .rateLimited(_, _, let wait, let reason)? = try await refusal({ try await limited.quote(for: "AAPL") })
        else {
            Issue.record("expected a rate limit")
            return
        }
        #expect(wait == .seconds(1) && reason == "it asked for a pause")
        #expect(provider.requests.count == 1)
        await world.clock.advance(by: .seconds(1))
        #expect(try await limited.quote(for: "AAPL").price == .of("10"))
        #expect(provider.requests.count == 2)
    }

    @Test func aTurnBeyondTheLongestWaitIsARateLimitNamingTheProvider() async throws {
        let world = World()
        let provider = ScriptedProvider(displayName: "Yahoo Finance", quote: { .sample($0, price: .of("1")) })
        let limited = provider.limited(
            RateLimit(perMinute: 1, inFlight: 1, minimumGap: .zero, longestWait: .seconds(5)), timing: world.timing)
        _ = try await limited.quote(for: "AAPL")
        do {
            _ = try await limited.quote(for: "MSFT")
            Issue.record("expected a refusal")
        } catch let error as MarketDataError {
            guard case .rateLimited(let symbol, let name, let wait, _) = error else { throw error }
            #expect(symbol == "MSFT" && name == "Yahoo Finance" && wait == .seconds(60))
            #expect(error.folioError.kind == .unavailable)
        }
        #expect(provider.requests == ["quote AAPL"])
    }
}

@Suite struct ColdAndWarmTests {
    @Test func twentySymbolsColdAreOneRequestEachWithinTheLimitAndWarmAreNone() async throws {
        let world = World()
        let provider = ScriptedProvider(id: "yahoo", quote: { .sample($0, price: 100) })
        let market = world.service([provider.limited(.yahoo, timing: world.timing)])
        let symbols = (1...20).map { "S\($0)" }
        let cold = try await world.clock.drive(stepping: .milliseconds(250)) { await market.quotes(symbols) }
        #expect(cold.values.allSatisfy { (try? $0.get())?.isStale == false })
        #expect(provider.requests.sorted() == symbols.map { "quote \($0)" }.sorted())
        // Yahoo's default least gap of 250 ms between starts: the twentieth starts 19 gaps after the first.
        #expect(world.clock.now.offset == .milliseconds(4750))
        let warm = await market.quotes(symbols)
        #expect(warm.count == 20 && provider.requests.count == 20)
    }
}
