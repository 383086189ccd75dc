import Testing
import Timing
import TimingTesting

/// Sleeps on a coalescing clock end on its grid, never early, share one sleeper on the clock they wrap, and are
/// forgotten at once when cancelled.
@Suite struct CoalescingClockTests {
    /// Yields until `condition` holds (other tasks run meanwhile; no time passes on any clock).
    func until(_ condition: () -> Bool) async {
        for _ in 0..<100_000 where !condition() { await Task.yield() }
        #expect(condition())
    }

    @Test("fifty sleeps wait on one sleeper of the wrapped clock and all end on their deadline's tick")
    func manySleepsOneSleeper() async throws {
        let base = ManualClock()
        let clock = CoalescingClock(base, resolution: .milliseconds(100))
        let sleeps = (0..<50).map { _ in
            Task {
                try await clock.sleep(for: .seconds(3))
                return base.now.offset
            }
        }
        await until { clock.pending == 50 }
        await base.waitForSleepers(1)
        #expect(base.sleeperCount == 1)
        await base.advance(by: .milliseconds(2_900))
        await base.waitForSleepers(1)
        #expect(clock.pending == 50)
        await base.advance(by: .milliseconds(100))
        for sleep in sleeps { #expect(try await sleep.value == .seconds(3)) }
        #expect(clock.pending == 0)
    }

    @Test("a deadline between ticks ends on the next tick, not before its deadline")
    func endsOnTheNextTick() async throws {
        let base = ManualClock()
        let clock = CoalescingClock(base, resolution: .milliseconds(100))
        await base.advance(by: .milliseconds(50))
        let sleep = Task {
            try await clock.sleep(for: .seconds(1))
            return base.now.offset
        }
        await until { clock.pending == 1 }
        await base.waitForSleepers(1)
        await base.advance(by: .milliseconds(1_000))  // 1.05 s: the deadline, between two ticks
        await base.waitForSleepers(1)
        #expect(clock.pending == 1)
        await base.advance(by: .milliseconds(50))
        #expect(try await sleep.value == .milliseconds(1_100))
        #expect(clock.now.offset == .milliseconds(1_100))
    }

    @Test("a cancelled sleep throws CancellationError at once and is forgotten; the others still end on time")
    func cancellationForgets() async throws {
        let base = ManualClock()
        let clock = CoalescingClock(base)
        let cancelled = (0..<10).map { _ in Task { try await clock.sleep(for: .seconds(3)) } }
        let kept = Task { try await clock.sleep(for: .seconds(3)) }
        await until { clock.pending == 11 }
        for sleep in cancelled { sleep.cancel() }
        for sleep in cancelled { await #expect(throws: CancellationError.self) { try await sleep.value } }
        #expect(clock.pending == 1)
        await base.waitForSleepers(1)
        await base.advance(by: .seconds(3))
        try await kept.value
        #expect(clock.pending == 0)
    }

    @Test("a task cancelled before it sleeps does not sleep")
    func alreadyCancelled() async throws {
        let clock = CoalescingClock(ManualClock())
        let sleep = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(3))
        }
        await #expect(throws: CancellationError.self) { try await sleep.value }
        #expect(clock.pending == 0)
    }
}
