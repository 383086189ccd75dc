import Foundation
import Timing

/// Why a caller was not given a turn: its wait would be longer than the limit's longest wait.
public struct RateLimiterRefusal: Error, Sendable, Equatable {
    /// How long the caller would have had to wait.
    public var wait: Duration
    /// Whether the wait comes from the provider's own refusal (`Retry-After`) rather than our limit.
    public var providerAsked: Bool

    /// Creates a refusal.
    public init(wait: Duration, providerAsked: Bool) {
        self.wait = wait
        self.providerAsked = providerAsked
    }
}

/// Hands out turns to ask one provider under a ``RateLimit``, timed on the injected clock so tests advance a
/// manual clock instead of waiting.
public actor RateLimiter {
    /// The limit enforced.
    public let limit: RateLimit
    private let timing: Timing
    private let stopwatch: Stopwatch
    private var starts: [Duration] = []
    private var running = 0
    private var closedUntil: Duration?
    private var slotWaiters: [CheckedContinuation<Void, Never>] = []

    /// Creates a limiter; time starts now on `timing`'s clock.
    public init(limit: RateLimit, timing: Timing) {
        self.limit = limit
        self.timing = timing
        stopwatch = timing.startStopwatch()
    }

    /// Waits for a turn and takes it; pair with ``release()``.
    /// - Throws: ``RateLimiterRefusal`` while the provider's pause lasts, or when the turn is further away than the
    ///   limit's longest wait; `CancellationError`.
    public func acquire() async throws {
        while true {
            try Task.checkCancellation()
            if running >= limit.inFlight {
                await withCheckedContinuation { slotWaiters.append($0) }
                continue
            }
            let now = stopwatch.elapsed
            starts.removeAll { $0 <= now - .seconds(60) }
            // The provider's own pause is not waited out: the caller has another provider or a stored price.
            if let closedUntil, closedUntil > now {
                throw RateLimiterRefusal(wait: closedUntil - now, providerAsked: true)
            }
            var earliest = now
            if let last = starts.last, last + limit.minimumGap > earliest { earliest = last + limit.minimumGap }
            if starts.count >= limit.perMinute {
                let window = starts[starts.count - limit.perMinute] + .seconds(60)
                if window > earliest { earliest = window }
            }
            if earliest <= now {
                starts.append(now)
                running += 1
                return
            }
            let wait = earliest - now
            guard wait <= limit.longestWait else { throw RateLimiterRefusal(wait: wait, providerAsked: false) }
            try await timing.sleep(for: wait)
        }
    }

    /// Gives a turn back when its request has finished.
    public func release() {
        running = max(0, running - 1)
        if !slotWaiters.isEmpty { slotWaiters.removeFirst().resume() }
    }

    /// Closes the gate for `duration` from now: the provider asked us to wait (`Retry-After`, a throttle body).
    public func pause(for duration: Duration) {
        let until = stopwatch.elapsed + duration
        if closedUntil.map({ until > $0 }) ?? true { closedUntil = until }
    }

    /// Requests started in the last minute, for tests and diagnostics.
    public var recentStarts: Int {
        let now = stopwatch.elapsed
        return starts.filter { $0 > now - .seconds(60) }.count
    }
}
