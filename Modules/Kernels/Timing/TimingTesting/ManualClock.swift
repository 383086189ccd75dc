import Synchronization
import Timing

/// A clock that moves only when a test advances it, so code that sleeps can be tested without waiting.
///
/// Sleepers are resumed in deadline order. ``waitForSleepers(_:)`` lets a test wait until the code under
/// test has actually started sleeping before it advances time.
public final class ManualClock: Clock, Sendable {
    /// A point on the manual clock's timeline: the time advanced since the clock was made.
    public struct Instant: InstantProtocol {
        /// The time since the clock was created.
        public var offset: Duration

        /// Creates an instant at `offset` from the clock's origin.
        public init(offset: Duration) { self.offset = offset }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        /// The duration from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }

        /// Orders instants by offset.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var id: UInt64
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var nextID: UInt64 = 0
        var totalSleeps = 0
    }

    private let state = Mutex(State())

    /// Creates a clock at offset zero.
    public init() {}

    /// The current instant.
    public var now: Instant { state.withLock { $0.now } }

    /// The manual clock has no resolution limit.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on this clock now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// How many sleeps have been started on this clock, including finished ones.
    public var totalSleeps: Int { state.withLock { $0.totalSleeps } }

    /// Suspends until the clock is advanced to `deadline`; returns at once when it is already there.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    state.totalSleeps += 1
                    if deadline <= state.now { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward by `duration`, resuming every sleeper whose deadline has come, earliest first.
    ///
    /// Each sleeper is resumed with the clock at its own deadline and given a chance to run (and perhaps
    /// sleep again) before later deadlines are processed, as on a real clock.
    public func advance(by duration: Duration) async {
        let target = state.withLock { $0.now.advanced(by: duration) }
        await advance(to: target)
    }

    /// Moves the clock forward to `target` (never backwards), resuming due sleepers in deadline order.
    public func advance(to target: Instant) async {
        while true {
            let due = state.withLock { state -> Sleeper? in
                guard
                    let index = state.sleepers.indices.min(by: {
                        state.sleepers[$0].deadline < state.sleepers[$1].deadline
                    }),
                    state.sleepers[index].deadline <= target
                else {
                    if state.now < target { state.now = target }
                    return nil
                }
                let sleeper = state.sleepers.remove(at: index)
                if state.now < sleeper.deadline { state.now = sleeper.deadline }
                return sleeper
            }
            guard let due else { break }
            due.continuation.resume()
            await settle()
        }
        await settle()
    }

    /// Jumps the clock forward by `duration` at once, as when the machine sleeps or the process is stalled: every
    /// sleeper that fell due wakes, in deadline order, with the clock already at the end of the jump.
    ///
    /// ``advance(by:)`` instead walks through each deadline, so what a woken task sees depends on whether it
    /// runs before the walk moves on; a test of missed deadlines needs the jump.
    public func stall(for duration: Duration) async {
        let target = state.withLock { state -> Instant in
            state.now = state.now.advanced(by: duration)
            return state.now
        }
        await advance(to: target)
    }

    /// Waits (without advancing time) until at least `count` tasks are sleeping on this clock.
    public func waitForSleepers(_ count: Int = 1) async {
        while sleeperCount < count {
            await Task.yield()
        }
    }

    /// Runs `operation`, advancing the clock by `step` whenever something is sleeping on it, until the operation
    /// finishes: for code whose number of sleeps a test does not want to spell out (retries, backoff).
    /// - Throws: What `operation` throws, or ``ManualClockError/tooManySteps`` after `maxSteps` advances.
    public func drive<T: Sendable>(
        stepping step: Duration = .seconds(1), maxSteps: Int = 100_000,
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let finished = Mutex(false)
        let task = Task {
            defer { finished.withLock { $0 = true } }
            return try await operation()
        }
        var steps = 0
        while !finished.withLock({ $0 }) {
            if sleeperCount > 0 {
                guard steps < maxSteps else {
                    task.cancel()
                    throw ManualClockError.tooManySteps(maxSteps)
                }
                await advance(by: step)
                steps += 1
            } else {
                await Task.yield()
            }
        }
        return try await task.value
    }

    /// Lets resumed tasks run until they suspend again; cooperative, it never waits on real time.
    private func settle() async {
        for _ in 0..<32 { await Task.yield() }
    }
}

/// Why ``ManualClock/drive(stepping:maxSteps:_:)`` gave up.
public enum ManualClockError: Error {
    /// The operation was still sleeping after this many advances.
    case tooManySteps(Int)
}
