import Foundation

/// The time sources a feature may use: a sleeping clock and a wall clock, both injected.
///
/// Sleeps, timeouts and backoff go through `clock` so tests advance time without waiting; calendar facts
/// (a race's start, a NAV's "as of" date) come from `wallClock` so tests can pin "now".
public struct Timing: Sendable {
    /// The clock that sleeps, times out and measures elapsed time.
    public var clock: any Clock<Duration>
    /// The source of the current calendar date and time.
    public var wallClock: any WallClock

    /// Creates a timing kernel from its two clocks.
    public init(clock: any Clock<Duration>, wallClock: any WallClock) {
        self.clock = clock
        self.wallClock = wallClock
    }

    /// The system's continuous clock and wall clock.
    public static var live: Timing {
        Timing(clock: ContinuousClock(), wallClock: SystemWallClock())
    }

    /// The current wall-clock date.
    public func now() -> Date { wallClock.now() }

    /// Sleeps on the injected clock for `duration`; throws `CancellationError` when the task is cancelled.
    public func sleep(for duration: Duration) async throws {
        try await clock.sleep(for: duration, tolerance: nil)
    }
}
