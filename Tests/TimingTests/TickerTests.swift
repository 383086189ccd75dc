import Testing
import Timing
import TimingTesting

@Suite struct TickerTests {
    @Test func deliversEveryTickToEverySubscriber() async throws {
        let clock = ManualClock()
        let ticker = Ticker(interval: .seconds(1), clock: clock)
        let subscriptions = await (0..<3).asyncMap { _ in await ticker.subscribe() }
        var iterators = subscriptions.map { $0.makeAsyncIterator() }
        for expected in 1...5 {
            await clock.waitForSleepers(1)
            await clock.advance(by: .seconds(1))
            for index in iterators.indices {
                let tick = await iterators[index].next()
                #expect(tick?.sequence == expected)
            }
        }
        #expect(await ticker.subscriberCount == 3)
    }

    @Test func accumulatesNoDriftOverTenMinutesOfLateWakeUps() async throws {
        let clock = ManualClock()
        let ticker = Ticker(interval: .seconds(1), clock: clock)
        var iterator = await ticker.subscribe().makeAsyncIterator()
        // Each wake-up is 50 ms late; scheduling from the start (not from the last wake-up) keeps tick n at n s.
        for expected in 1...600 {
            await clock.waitForSleepers(1)
            await clock.advance(to: ManualClock.Instant(offset: .seconds(expected) + .milliseconds(50)))
            let tick = try #require(await iterator.next())
            #expect(tick.sequence == expected)
            #expect(tick.scheduled == .seconds(expected))
        }
        #expect(clock.now.offset == .seconds(600) + .milliseconds(50))
    }

    @Test func skipsMissedTicksAfterAStallInsteadOfBursting() async throws {
        let clock = ManualClock()
        let ticker = Ticker(interval: .seconds(1), clock: clock)
        var iterator = await ticker.subscribe().makeAsyncIterator()
        await clock.waitForSleepers(1)
        await clock.stall(for: .seconds(30))
        #expect(await iterator.next()?.sequence == 30)
        await clock.waitForSleepers(1)
        await clock.advance(by: .seconds(1))
        #expect(await iterator.next()?.sequence == 31)
    }

    @Test func runsOnlyWhileSomebodyIsSubscribed() async throws {
        let clock = ManualClock()
        let ticker = Ticker(interval: .seconds(1), clock: clock)
        #expect(await ticker.isRunning == false)
        let first = await ticker.subscribe()
        let second = await ticker.subscribe()
        #expect(await ticker.isRunning)
        await ticker.unsubscribe(first)
        #expect(await ticker.isRunning)
        await ticker.unsubscribe(second)
        #expect(await ticker.isRunning == false)
        await clock.advance(by: .seconds(5))
        #expect(clock.sleeperCount == 0)
        _ = await ticker.subscribe()
        #expect(await ticker.isRunning)
    }

    @Test func aCancelledConsumerLeavesAndStopsTheTimer() async throws {
        let clock = ManualClock()
        let ticker = Ticker(interval: .seconds(1), clock: clock)
        let subscription = await ticker.subscribe()
        let consumer = Task {
            var count = 0
            for await _ in subscription { count += 1 }
            return count
        }
        await clock.waitForSleepers(1)
        await clock.advance(by: .seconds(1))
        consumer.cancel()
        _ = await consumer.value
        #expect(await yieldUntil { await ticker.subscriberCount == 0 }, "the cancelled subscriber never left")
        #expect(await ticker.isRunning == false)
    }
}

extension Sequence {
    fileprivate func asyncMap<T>(_ transform: (Element) async -> T) async -> [T] {
        var result: [T] = []
        for element in self { result.append(await transform(element)) }
        return result
    }
}
