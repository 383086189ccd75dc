import Synchronization

/// A clock whose sleeps share one sleeper on the clock it wraps: each sleep ends at the first tick of a
/// ``resolution`` grid at or after its deadline, or at once when its task is cancelled.
///
/// A server puts a deadline on every page view, and almost every one is cancelled a few milliseconds later when the
/// page is ready. A sleep on the system clock is a timer that stays scheduled until it is due, however early it was
/// cancelled — thousands pending under load, each waking a thread when due. Here a cancelled sleep is forgotten at
/// once, and while any sleep is pending the wrapped clock has one sleeper, woken at most once per ``resolution``.
/// For deadlines, not for schedules: a sleep may end up to one ``resolution`` late, never early.
public final class CoalescingClock: Clock, Sendable {
    /// A point on the wrapped clock, as the time since this clock was made.
    public struct Instant: InstantProtocol {
        /// Time since the clock was made.
        public var offset: Duration

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Whether `left` comes before `right`.
        public static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
    }

    private enum Sleeper {
        /// Registered, its continuation not yet handed over.
        case arriving(deadline: Duration)
        case waiting(deadline: Duration, CheckedContinuation<Void, any Error>)
        /// Cancelled before its continuation was handed over.
        case cancelled
    }

    private struct State {
        var sleepers: [UInt64: Sleeper] = [:]
        var nextID: UInt64 = 0
        var driving = false
    }

    /// The grid sleeps end on, and the longest the shared sleeper sleeps at a time.
    public let resolution: Duration
    private let elapsed: @Sendable () -> Duration
    private let sleepOnBase: @Sendable (Duration) async throws -> Void
    private let state = Mutex(State())

    /// Wraps `base`; sleeps end on a grid of `resolution` (100 ms unless given).
    public init<Base: Clock>(_ base: Base, resolution: Duration = .milliseconds(100)) where Base.Duration == Duration {
        let start = base.now
        self.resolution = max(resolution, .nanoseconds(1))
        elapsed = { start.duration(to: base.now) }
        sleepOnBase = { try await base.sleep(for: $0, tolerance: nil) }
    }

    /// The wrapped clock's now.
    public var now: Instant { Instant(offset: elapsed()) }

    /// ``resolution``: no sleep ends closer than that to its deadline's tick.
    public var minimumResolution: Duration { resolution }

    /// How many sleeps are pending now.
    public var pending: Int { state.withLock { $0.sleepers.count } }

    /// Sleeps until `deadline`'s tick of the grid; throws `CancellationError` as soon as the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let due = onGrid(deadline.offset)
        let id = state.withLock { state in
            state.nextID += 1
            state.sleepers[state.nextID] = .arriving(deadline: due)
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Next { case resumeNow, failNow, wait, startSleeper }
                let next = state.withLock { state -> Next in
                    guard case .arriving = state.sleepers[id] else {
                        state.sleepers[id] = nil
                        return .failNow
                    }
                    if due <= elapsed() {
                        state.sleepers[id] = nil
                        return .resumeNow
                    }
                    state.sleepers[id] = .waiting(deadline: due, continuation)
                    if state.driving { return .wait }
                    state.driving = true
                    return .startSleeper
                }
                switch next {
                case .resumeNow: continuation.resume()
                case .failNow: continuation.resume(throwing: CancellationError())
                case .wait: break
                case .startSleeper: Task.detached { await self.drive() }  // no page's task-locals
                }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                switch state.sleepers[id] {
                case .arriving:
                    state.sleepers[id] = .cancelled
                    return nil
                case .waiting(_, let continuation):
                    state.sleepers[id] = nil
                    return continuation
                case .cancelled, nil:
                    return nil
                }
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// The shared sleeper: wakes on the grid tick of the earliest deadline (at most one ``resolution`` away), ends
    /// the sleeps that are due, and stops when none is left.
    private func drive() async {
        while true {
            let earliest = state.withLock { state -> Duration? in
                let deadlines = state.sleepers.values.compactMap { sleeper -> Duration? in
                    if case .waiting(let deadline, _) = sleeper { return deadline }
                    return nil
                }
                guard let earliest = deadlines.min() else {
                    state.driving = false
                    return nil
                }
                return earliest
            }
            guard let earliest else { return }
            let wait = min(earliest - elapsed(), resolution)
            if wait > .zero { try? await sleepOnBase(wait) }
            let now = elapsed()
            let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
                var due: [CheckedContinuation<Void, any Error>] = []
                for (id, sleeper) in state.sleepers {
                    guard case .waiting(let deadline, let continuation) = sleeper, deadline <= now else { continue }
                    state.sleepers[id] = nil
                    due.append(continuation)
                }
                return due
            }
            for continuation in due { continuation.resume() }
        }
    }

    /// The first tick of the grid at or after `offset`.
    private func onGrid(_ offset: Duration) -> Duration {
        // In whole nanoseconds: a ratio of two Durations is a Double, and 3 s / 100 ms is then a little over 30.
        let step = max(Self.nanoseconds(resolution), 1)
        let ticks = (max(Self.nanoseconds(offset), 0) + step - 1) / step
        return .nanoseconds(ticks * step)
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
