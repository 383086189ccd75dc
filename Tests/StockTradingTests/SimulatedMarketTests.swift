import Foundation
import MarketData
import Money
import Persistence
import StockTrading
import Testing
import Timing
import TimingTesting

@Suite struct SimulatedMarketTests {
    func market(seed: UInt64, world: TestWorld = TestWorld()) -> SimulatedMarket {
        SimulatedMarket(store: world.store, timing: world.timing, seed: seed, timeZone: world.utc)
    }

    @Test func listsTheSeedsTenStocks() {
        #expect(
            BundledStocks.all.map(\.symbol) == [
                "AAPL", "TSLA", "GOOGL", "MSFT", "AMZN", "META", "NVDA", "NFLX", "AMD", "INTC",
            ])
        #expect(BundledStocks.stock("aapl")?.basePrice == Amount("174.26"))
        #expect(BundledStocks.stock("INTC")?.basePrice == Amount("42.15"))
        #expect(Set(BundledStocks.all.map(\.sector)).count >= 3)
    }

    @Test func sameSeedSamePathAcrossStores() async throws {
        let first = market(seed: 7)
        let second = market(seed: 7)
        for _ in 0..<5 {
            let a = try await first.fetchQuotes()
            let b = try await second.fetchQuotes()
            #expect(a == b)
        }
        let other = market(seed: 8)
        let path = try await other.fetchQuotes()
        let fresh = try await market(seed: 7).fetchQuotes()
        #expect(path.map(\.price) != fresh.map(\.price))
    }

    @Test func walkContinuesFromTheStoredState() async throws {
        let world = TestWorld()
        let one = market(seed: 42, world: world)
        _ = try await one.fetchQuotes()
        // A second process (a new value over the same store) takes the next step, not the first again.
        let second = try await market(seed: 42, world: world).fetchQuotes()
        let reference = market(seed: 42)
        _ = try await reference.fetchQuotes()
        #expect(try await reference.fetchQuotes() == second)
        #expect(try await one.currentState()?.steps == 2)
    }

    @Test func stepsAreBoundedAndPricesStayInRange() async throws {
        let walk = market(seed: 99)
        var previous = Dictionary(uniqueKeysWithValues: BundledStocks.all.map { ($0.symbol, $0.basePrice) })
        for _ in 0..<300 {
            for quote in try await walk.fetchQuotes() {
                let before = previous[quote.symbol]!
                let base = BundledStocks.stock(quote.symbol)!.basePrice
                #expect(
                    try (quote.price - before).magnitude <= (before * Amount("0.02")!).rounded(toPlaces: 2, .halfUp)
                        + Amount("0.01")!)
                #expect(try quote.price >= base.divided(by: 2, places: 2, rounding: .halfUp) && quote.price <= base * 2)
                #expect(quote.price.rounded(toPlaces: 2, .halfUp) == quote.price)
                previous[quote.symbol] = quote.price
            }
        }
    }

    @Test func previousCloseRollsOverWithTheDay() async throws {
        let world = TestWorld()
        let walk = market(seed: 3, world: world)
        let first = try await walk.fetchQuotes()
        #expect(first.first?.previousClose == Amount("174.26"))
        let second = try await walk.fetchQuotes()
        #expect(second.first?.previousClose == Amount("174.26"))
        world.wallClock.advance(by: 86_400)
        let nextDay = try await walk.fetchQuotes()
        #expect(nextDay.map(\.previousClose) == second.map(\.price))
        #expect(try nextDay.first?.change == nextDay.first!.price - second.first!.price)
    }

    @Test func aDifferentSeedRestartsTheWalk() async throws {
        let world = TestWorld()
        _ = try await market(seed: 1, world: world).fetchQuotes()
        _ = try await market(seed: 2, world: world).fetchQuotes()
        #expect(try await market(seed: 2, world: world).currentState()?.steps == 1)
    }
}
