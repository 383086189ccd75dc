import Foundation
import MarketData
import Money
import Testing
import Timing

@Suite struct SimulatedMarketProviderTests {
    func market(_ world: World, seed: UInt64 = 7) -> SimulatedMarket {
        SimulatedMarket(store: world.store, timing: world.timing, seed: seed, timeZone: TimeZone(secondsFromGMT: 0)!)
    }

    @Test func aRoundOfQuotesIsOneStepOfTheWalk() async throws {
        let world = World()
        let market = market(world)
        let apple = try await market.quote(for: "aapl")
        let microsoft = try await market.quote(for: "MSFT")
        #expect(try await market.currentState()?.steps == 1)
        #expect(apple.currency == "USD" && apple.name == "Apple Inc." && microsoft.symbol == "MSFT")
        // Asking for AAPL again is the next refresh.
        _ = try await market.quote(for: "AAPL")
        #expect(try await market.currentState()?.steps == 2)
        // The same seed walks the same path as a whole-market step.
        let reference = self.market(World())
        #expect(try await reference.step().first { $0.symbol == "AAPL" }?.price == apple.price)
    }

    @Test func anUnlistedSymbolIsUnknownToTheSimulatedMarket() async throws {
        await #expect(throws: MarketDataError.unknownSymbol(symbol: "ZZZ", provider: "the simulated market")) {
            try await market(World()).quote(for: "zzz")
        }
    }

    @Test func historyIsReproducibleOnWeekdaysWithinItsBounds() async throws {
        let world = World()
        let from = CalendarDate(iso8601: "2024-01-01")!
        let to = CalendarDate(iso8601: "2024-01-31")!
        let first = try await market(world).history(for: "NVDA", from: from, to: to)
        let again = try await market(World()).history(for: "NVDA", from: from, to: to)
        #expect(first == again)
        #expect(first.bars.count == 23 && first.bars.allSatisfy { $0.date.weekday <= 5 })
        let base = SimulatedListing.bundled.first { $0.symbol == "NVDA" }!.basePrice
        for bar in first.bars {
            #expect(
                try bar.close >= (base * .of("0.9")).rounded(toPlaces: 2)
                    && bar.close <= (base * .of("1.1")).rounded(toPlaces: 2))
        }
        #expect(first.dividends.isEmpty && first.splits.isEmpty)
        #expect(try await market(world, seed: 8).history(for: "NVDA", from: from, to: to) != first)
    }
}
