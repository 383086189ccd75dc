/// Time elapsed on an injected clock since the stopwatch was started, so deadlines hold in tests that
/// advance a manual clock as they do live.
public struct Stopwatch: Sendable {
    private let read: @Sendable () -> Duration

    /// Starts a stopwatch on `clock` now.
    public init<C: Clock<Duration>>(clock: C) {
        let start = clock.now
        read = { start.duration(to: clock.now) }
    }

    /// The time since the stopwatch was started.
    public var elapsed: Duration { read() }
}

extension Timing {
    /// A stopwatch on the injected clock, started now.
    public func startStopwatch() -> Stopwatch { Stopwatch(clock: clock) }
}
