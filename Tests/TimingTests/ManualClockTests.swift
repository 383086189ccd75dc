import Testing
import Timing
import TimingTesting

@Suite struct ManualClockTests {
    @Test func resumesSleepersInDeadlineOrderWithoutRealWaiting() async throws {
        let clock = ManualClock()
        let order = OrderLog()
        let late = Task {
            try await clock.sleep(until: clock.now.advanced(by: .seconds(10)))
            await order.append("late")
        }
        let early = Task {
            try await clock.sleep(until: clock.now.advanced(by: .seconds(2)))
            await order.append("early")
        }
        await clock.waitForSleepers(2)
        await clock.advance(by: .seconds(5))
        try await early.value
        #expect(await order.entries == ["early"])
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .seconds(5))
        try await late.value
        #expect(await order.entries == ["early", "late"])
    }

    @Test func cancellationEndsASleepWithCancellationError() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(60))) }
        await clock.waitForSleepers(1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func aStallWakesEverySleeperWithTheClockAtItsEnd() async throws {
        let clock = ManualClock()
        let first = Task {
            try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
            return clock.now.offset
        }
        let second = Task {
            try await clock.sleep(until: clock.now.advanced(by: .seconds(20)))
            return clock.now.offset
        }
        await clock.waitForSleepers(2)
        await clock.stall(for: .seconds(30))
        #expect(try await first.value == .seconds(30))
        #expect(try await second.value == .seconds(30))
        #expect(clock.sleeperCount == 0)
    }

    @Test func timingSleepsOnTheInjectedClock() async throws {
        let clock = ManualClock()
        let timing = Timing.test(clock: clock)
        let task = Task { try await timing.sleep(for: .seconds(3600)) }
        await clock.waitForSleepers(1)
        await clock.advance(by: .seconds(3600))
        try await task.value
        #expect(clock.now.offset == .seconds(3600))
    }
}

private actor OrderLog {
    var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
}
