import Foundation
import Racing
import Testing
import Timing
import TimingTesting

/// Drives a ``LiveBoard`` on a manual clock: every state it reports is queued, and the test advances the
/// clock one second at a time, reading the state of each tick. Nothing sleeps in real time.
final class BoardHarness: Sendable {
    let clock = ManualClock()
    let source: PoolSource
    let ticker: Ticker
    private let states: AsyncStream<LiveBoardState>
    private let task: Task<Void, Never>
    private nonisolated(unsafe) var iterator: AsyncStream<LiveBoardState>.Iterator
    /// The last tick read.
    private nonisolated(unsafe) var tick = 0
    /// The outcome of the fetch the last tick started.
    private nonisolated(unsafe) var outcome: LiveBoardState?

    init(
        pool: [Race], count: Int = 3, filter: RaceFilter = .all, interval: Duration = .seconds(30),
        failingWith failure: (any Error)? = nil
    ) {
        source = PoolSource(pool)
        source.fail(with: failure)
        ticker = Ticker(clock: clock)
        let timing = Timing(clock: clock, wallClock: ManualWallClock(origin: referenceNow, clock: clock))
        let board = LiveBoard(
            loader: NextToGoLoader(source: source), count: count, filter: filter, timing: timing, ticker: ticker,
            settings: RefreshScheduler.Settings(interval: interval), unitRandom: { 0.5 })
        let (states, feed) = AsyncStream.makeStream(of: LiveBoardState.self)
        self.states = states
        iterator = states.makeAsyncIterator()
        task = Task {
            await board.run { state in
                feed.yield(state)
                return true
            }
            feed.finish()
        }
    }

    /// Reads states until one matches.
    func next(where predicate: (LiveBoardState) -> Bool) async throws -> LiveBoardState {
        for _ in 0..<50 {
            let state = try #require(await iterator.next(), "the board stopped")
            if predicate(state) { return state }
        }
        Issue.record("no matching state in 50")
        throw CancellationError()
    }

    /// The state after the first fetch.
    func started() async throws -> LiveBoardState {
        try await next { $0.event == .refreshed(.initial) || $0.event == .failed(.initial) }
    }

    /// Advances one second and returns the state of that tick. When that tick started a fetch, also waits
    /// for its outcome (kept for ``fetchOutcome()``), so the clock never moves on under a fetch in flight.
    @discardableResult
    func second() async throws -> LiveBoardState {
        await clock.waitForSleepers(1)
        await clock.advance(by: .seconds(1))
        tick += 1
        let wanted = tick
        let state = try await next { $0.event == .tick(wanted) }
        if state.fetching != nil {
            outcome = try await next {
                if case .refreshed = $0.event { return true }
                if case .failed = $0.event { return true }
                return false
            }
        }
        return state
    }

    /// Advances `count` seconds, returning each tick's state.
    func seconds(_ count: Int) async throws -> [LiveBoardState] {
        var states: [LiveBoardState] = []
        for _ in 0..<count { states.append(try await second()) }
        return states
    }

    /// The outcome of the fetch that the last tick started.
    func fetchOutcome() throws -> LiveBoardState {
        defer { outcome = nil }
        return try #require(outcome, "the last tick started no fetch")
    }

    func stop() async {
        task.cancel()
        await task.value
    }
}

@Suite("LiveBoard on a manual clock")
struct LiveBoardTests {
    @Test("countdowns tick once a second from the one shared ticker, with no timer per race")
    func ticks() async throws {
        let harness = BoardHarness(pool: (0..<6).map { race("r\($0)", startsIn: 100 + TimeInterval($0) * 10) })
        let start = try await harness.started()
        #expect(start.races.map(\.id) == ["r0", "r1", "r2"])
        #expect(start.races[0].secondsToStart(at: start.now) == 100)
        let ticks = try await harness.seconds(3)
        #expect(ticks.map { $0.races[0].secondsToStart(at: $0.now) } == [99, 98, 97])
        #expect(harness.clock.sleeperCount == 1, "only the ticker sleeps")
        #expect(await harness.ticker.subscriberCount == 1)
        #expect(harness.source.requests.count == 1)
        await harness.stop()
        #expect(await harness.ticker.subscriberCount == 0)
    }

    @Test("an expiry burst (three races expiring together) costs exactly one fetch, and the board refills")
    func expiryBurst() async throws {
        let pool =
            ["a", "b", "c"].map { race($0, startsIn: 5) }
            + (0..<5).map { race("later\($0)", startsIn: 300 + TimeInterval($0)) }
        // A long periodic interval keeps periodic refreshes out of the count.
        let harness = BoardHarness(pool: pool, interval: .seconds(600))
        let start = try await harness.started()
        #expect(start.races.map(\.id) == ["a", "b", "c"])
        // Shown through start + 60 s (t = 65), gone at t = 66.
        let before = try await harness.seconds(65)
        #expect(before.allSatisfy { $0.races.map(\.id) == ["a", "b", "c"] })
        #expect(before.allSatisfy { $0.fetchesStarted == 1 })
        let expiry = try await harness.second()
        #expect(
            expiry.races.map(\.id) == ["later0", "later1", "later2"], "refilled at once from the races already fetched")
        #expect(expiry.fetchesStarted == 2)
        #expect(expiry.fetching == .expiry)
        let outcome = try harness.fetchOutcome()
        #expect(outcome.event == .refreshed(.expiry))
        let after = try await harness.seconds(20)
        #expect(after.allSatisfy { $0.fetchesStarted == 2 }, "no fetch per second")
        #expect(harness.source.requests.count == 2)
        await harness.stop()
    }

    @Test("expiries on consecutive seconds fold into at most one fetch per 10 s")
    func consecutiveExpiries() async throws {
        let pool =
            (0..<3).map { race("e\($0)", startsIn: TimeInterval($0)) }
            + (0..<5).map { race("x\($0)", startsIn: 600 + TimeInterval($0)) }
        let harness = BoardHarness(pool: pool, interval: .seconds(600))
        _ = try await harness.started()
        _ = try await harness.seconds(60)
        let states = try await harness.seconds(12)  // t = 61 … 72: e0, e1, e2 expire at 61, 62, 63
        #expect(states[0].fetchesStarted == 2)
        #expect(states[1].races.map(\.id) == ["e2", "x0", "x1"])
        #expect(states[2].races.map(\.id) == ["x0", "x1", "x2"])
        #expect(states[1...9].allSatisfy { $0.fetchesStarted == 2 })
        #expect(states[10].fetchesStarted == 3, "the folded expiries are fetched once, 10 s after the first")
        #expect(states[11].fetchesStarted == 3)
        await harness.stop()
    }

    @Test("periodic refresh every 30 s")
    func periodic() async throws {
        let harness = BoardHarness(pool: (0..<6).map { race("r\($0)", startsIn: 3_000 + TimeInterval($0)) })
        _ = try await harness.started()
        let states = try await harness.seconds(61)
        #expect(states[28].fetchesStarted == 1)
        #expect(states[29].fetchesStarted == 2)
        #expect(states[29].fetching == .periodic)
        #expect(states[59].fetchesStarted == 3)
        #expect(harness.source.requests.count == 3)
        await harness.stop()
    }

    @Test("a failure keeps the board, shows reconnecting, backs off 2 s then 4 s, and recovers")
    func failureBackoffRecovery() async throws {
        let harness = BoardHarness(pool: (0..<6).map { race("r\($0)", startsIn: 3_000 + TimeInterval($0)) })
        _ = try await harness.started()
        _ = try await harness.seconds(29)
        harness.source.fail(with: SimulatedOutage())
        let periodic = try await harness.second()  // t = 30
        #expect(periodic.fetchesStarted == 2)
        let failed = try harness.fetchOutcome()
        #expect(failed.event == .failed(.periodic))
        #expect(
            failed.status
                == .reconnecting(attempt: 1, retryAt: referenceNow.addingTimeInterval(32), reason: "connection refused")
        )
        #expect(failed.races.map(\.id) == ["r0", "r1", "r2"], "the last board stays")
        #expect(failed.asOf == referenceNow)

        #expect(try await harness.second().fetchesStarted == 2)  // t = 31: waiting
        let retry = try await harness.second()  // t = 32
        #expect(retry.fetchesStarted == 3)
        #expect(retry.fetching == .retry)
        let failedAgain = try harness.fetchOutcome()
        #expect(
            failedAgain.status
                == .reconnecting(attempt: 2, retryAt: referenceNow.addingTimeInterval(36), reason: "connection refused")
        )

        harness.source.fail(with: nil)
        let waiting = try await harness.seconds(3)  // t = 33 … 35
        #expect(waiting.allSatisfy { $0.fetchesStarted == 3 })
        let recovery = try await harness.second()  // t = 36
        #expect(recovery.fetchesStarted == 4)
        let recovered = try harness.fetchOutcome()
        #expect(recovered.event == .refreshed(.retry))
        #expect(recovered.status == .live)
        #expect(recovered.asOf == referenceNow.addingTimeInterval(36))
        #expect(harness.source.requests.count == 4)
        let after = try await harness.seconds(29)  // next periodic at 66
        #expect(after.allSatisfy { $0.fetchesStarted == 4 })
        #expect(try await harness.second().fetchesStarted == 5)
        await harness.stop()
    }

    @Test("a first fetch that fails leaves an empty board marked reconnecting, then fills it")
    func initialFailure() async throws {
        let pool = (0..<6).map { race("r\($0)", startsIn: 3_000 + TimeInterval($0)) }
        let harness = BoardHarness(pool: pool, failingWith: SimulatedOutage())
        let first = try await harness.started()
        #expect(first.races.isEmpty)
        guard case .reconnecting(1, _, _) = first.status else {
            Issue.record("expected reconnecting, got \(first.status)")
            return
        }
        harness.source.fail(with: nil)
        _ = try await harness.seconds(2)
        let filled = try harness.fetchOutcome()
        #expect(filled.races.map(\.id) == ["r0", "r1", "r2"])
        #expect(filled.status == .live)
        await harness.stop()
    }
}
