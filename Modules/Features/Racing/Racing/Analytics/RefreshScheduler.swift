import Foundation
import Networking

/// Decides when a live board fetches: once at start, once per burst of expiries, periodically, and with
/// backoff after failures. A value type driven by wall-clock instants, so every decision is testable
/// without a clock.
///
/// Rules, in priority order, never with a fetch already in flight:
/// 1. After a failure, nothing until the backoff has passed (`retry`); the backoff doubles per failure.
/// 2. Before any success: fetch now (`initial`).
/// 3. A shown race passed start + 60 s: fetch (`expiry`), at most once per ``Settings/expiryCoalescing``;
///    expiries while a fetch is in flight or within that window are folded into one fetch.
/// 4. ``Settings/interval`` after the last success: fetch (`periodic`).
public struct RefreshScheduler: Sendable {
    /// The scheduler's timings.
    public struct Settings: Sendable {
        /// The shortest periodic refresh allowed: the service is shared, and races change by the minute.
        public static let minimumInterval: Duration = .seconds(10)
        /// The periodic refresh unless configured.
        public static let defaultInterval: Duration = .seconds(30)

        /// The time from one successful refresh to the next periodic one (at least ``minimumInterval``).
        public var interval: Duration
        /// The shortest time between two expiry-triggered fetches.
        public var expiryCoalescing: Duration
        /// The waits after consecutive failures (only its backoff fields are used).
        public var backoff: RetryPolicy

        /// Creates settings; an `interval` under ``minimumInterval`` is raised to it.
        public init(
            interval: Duration = Settings.defaultInterval, expiryCoalescing: Duration = .seconds(10),
            backoff: RetryPolicy = RetryPolicy(
                maxAttempts: .max, initialBackoff: .seconds(2), multiplier: 2, maxBackoff: .seconds(30), jitter: 0.2)
        ) {
            self.interval = max(interval, Settings.minimumInterval)
            self.expiryCoalescing = expiryCoalescing
            self.backoff = backoff
        }
    }

    /// Why a fetch was started.
    public enum Reason: String, Sendable, Hashable {
        /// The first fetch.
        case initial
        /// A shown race expired.
        case expiry
        /// The periodic refresh.
        case periodic
        /// A retry after a failure.
        case retry
    }

    /// The connection as the user should see it.
    public enum Status: Sendable, Hashable {
        /// No answer yet.
        case connecting
        /// The last fetch succeeded.
        case live
        /// The last `attempt` fetches failed; the next try is at `retryAt`.
        case reconnecting(attempt: Int, retryAt: Date, reason: String)
    }

    /// The timings in force.
    public let settings: Settings
    /// The connection status.
    public private(set) var status: Status = .connecting
    /// The fetch in flight, if any.
    public private(set) var inFlight: Reason?
    /// When the last fetch succeeded.
    public private(set) var lastSuccess: Date?
    private var failures = 0
    private var retryAt: Date?
    private var expiryPending = false
    private var lastExpiryFetch: Date?

    /// Creates a scheduler that has not fetched yet.
    public init(settings: Settings = Settings()) {
        self.settings = settings
    }

    /// Notes that a shown race passed its start + 60 s at `now`.
    public mutating func raceExpired(at now: Date) {
        expiryPending = true
    }

    /// Whether a fetch is due at `now`; when one is, marks it in flight and says why.
    public mutating func startFetchIfDue(at now: Date) -> Reason? {
        guard inFlight == nil, let reason = due(at: now) else { return nil }
        inFlight = reason
        if reason == .expiry || (reason == .retry && expiryPending) { lastExpiryFetch = now }
        expiryPending = false
        return reason
    }

    private func due(at now: Date) -> Reason? {
        if failures > 0 {
            guard let retryAt, now >= retryAt else { return nil }
            return .retry
        }
        guard let lastSuccess else { return .initial }
        if expiryPending, lastExpiryFetch.map({ now >= $0.adding(settings.expiryCoalescing) }) ?? true {
            return .expiry
        }
        return now >= lastSuccess.adding(settings.interval) ? .periodic : nil
    }

    /// Records that the fetch in flight succeeded at `now`.
    public mutating func fetchSucceeded(at now: Date) {
        inFlight = nil
        failures = 0
        retryAt = nil
        // Races that expired while this fetch was in flight are covered by its answer.
        expiryPending = false
        lastSuccess = now
        status = .live
    }

    /// Records that the fetch in flight failed at `now`, and schedules the retry.
    /// - Parameters:
    ///   - reason: What went wrong, for the status line.
    ///   - unitRandom: The jitter draw in 0…1 (fixed in tests).
    public mutating func fetchFailed(at now: Date, reason: String, unitRandom: Double) {
        inFlight = nil
        failures += 1
        let retry = now.adding(settings.backoff.delay(afterAttempt: failures, unitRandom: unitRandom))
        retryAt = retry
        status = .reconnecting(attempt: failures, retryAt: retry, reason: reason)
    }
}

extension Date {
    /// This date moved by a `Duration`.
    func adding(_ duration: Duration) -> Date {
        let (seconds, attoseconds) = duration.components
        return addingTimeInterval(TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18)
    }
}
