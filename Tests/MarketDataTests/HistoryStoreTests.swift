import Foundation
import MarketData
import MarketDataTesting
import Money
import Testing
import Timing
import TimingTesting

@Suite struct HistoryStoreTests {
    /// A provider answering a close of 100 + day of month on each weekday, in New York.
    func provider() -> ScriptedProvider {
        ScriptedProvider(history: { symbol, from, to in
            var bars: [DailyBar] = []
            var day = from
            while day <= to {
                if day.weekday <= 5 {
                    bars.append(DailyBar(date: day, close: Amount(100 + day.day), adjustedClose: nil))
                }
                day = day.adding(days: 1)
            }
            return PriceHistory(symbol: symbol, currency: "USD", exchangeTimeZone: "America/New_York", bars: bars)
        })
    }

    func date(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }

    /// 22:00 UTC on `day`: 17:00 in New York, after the close.
    func evening(_ day: String) -> Date {
        date(day).startOfDay(in: TimeZone(secondsFromGMT: 0)!).addingTimeInterval(22 * 3600)
    }

    @Test func barsAreFetchedOncePerTradingDay() async throws {
        let world = World()
        let provider = provider()
        let market = world.service([provider])
        world.wall.set(evening("2023-11-14"))
        let first = try await market.history("AAPL", from: date("2023-11-01"), to: date("2023-11-14"))
        #expect(first.history.bars.count == 10 && first.history.bars.last?.close == 114 && !first.isStale)
        _ = try await market.history("AAPL", from: date("2023-11-06"), to: date("2023-11-10"))
        #expect(provider.requests.count == 1)
        // An earlier start widens what is stored; a later ask of the old span is then answered from it.
        _ = try await market.history("AAPL", from: date("2023-10-02"), to: date("2023-11-14"))
        #expect(provider.requests.last == "history AAPL 2023-10-02 2023-11-14")
        _ = try await market.history("AAPL", from: date("2023-11-01"), to: date("2023-11-14"))
        #expect(provider.requests.count == 2)
        world.wall.set(evening("2023-11-15"))
        let next = try await market.history("AAPL", from: date("2023-11-01"), to: date("2023-11-15"))
        #expect(provider.requests.count == 3 && next.history.bars.last?.close == 115)
    }

    @Test func aWeekendAsksNothingNewAndMondayDoes() async throws {
        let world = World()
        let provider = provider()
        let market = world.service([provider])
        world.wall.set(evening("2023-11-17"))
        _ = try await market.history("MSFT", from: date("2023-11-13"), to: date("2023-11-17"))
        world.wall.set(evening("2023-11-19"))
        let sunday = try await market.history("MSFT", from: date("2023-11-13"), to: date("2023-11-19"))
        #expect(provider.requests.count == 1 && sunday.history.bars.count == 5)
        world.wall.set(evening("2023-11-20"))
        _ = try await market.history("MSFT", from: date("2023-11-13"), to: date("2023-11-20"))
        #expect(provider.requests.count == 2)
    }

    @Test func aFailedRefreshServesTheStoredBarsMarkedStale() async throws {
        let world = World()
        let answers = Counter()
        let good = provider()
        let flaky = ScriptedProvider(
            displayName: "Yahoo Finance",
            history: { symbol, from, to in
                guard answers.next() == 1 else {
                    throw MarketDataError.unavailable(symbol: symbol, provider: "Yahoo Finance", reason: "timed out")
                }
                return try await good.history(for: symbol, from: from, to: to)
            })
        let market = world.service([flaky])
        world.wall.set(evening("2023-11-14"))
        _ = try await market.history("AAPL", from: date("2023-11-01"), to: date("2023-11-14"))
        world.wall.set(evening("2023-11-15"))
        let stale = try await market.history("AAPL", from: date("2023-11-01"), to: date("2023-11-15"))
        #expect(stale.isStale && stale.history.bars.count == 10 && stale.failure?.contains("Yahoo Finance") == true)
        let offline = try await market.history("AAPL", from: date("2023-11-01"), to: date("2023-11-15"), mode: .offline)
        #expect(offline.isStale && flaky.requests.count == 2)
    }

    @Test func concurrentAsksForOneSpanAreOneRequest() async throws {
        let world = World()
        let gate = Gate()
        let inner = provider()
        let held = ScriptedProvider(history: { symbol, from, to in
            await gate.wait()
            return try await inner.history(for: symbol, from: from, to: to)
        })
        let market = world.service([held])
        world.wall.set(evening("2023-11-14"))
        let asks = (0..<8).map { _ in
            Task { try await market.history("AAPL", from: date("2023-11-01"), to: date("2023-11-14")) }
        }
        while gate.waiting < 1 { await Task.yield() }
        for _ in 0..<100 { await Task.yield() }
        gate.open()
        for ask in asks { #expect(try await ask.value.history.bars.count == 10) }
        #expect(held.requests.count == 1)
    }
}
