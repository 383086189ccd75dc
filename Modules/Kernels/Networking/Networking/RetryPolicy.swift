import Foundation

/// When and how long to wait before trying a request again.
///
/// Exponential backoff with jitter for transient failures (timeouts, connection errors, truncated bodies,
/// 429 and 5xx); other 4xx answers are final. A `Retry-After` header wins over the computed backoff, up to
/// ``maxRetryAfter``; a server asking for longer than that is not retried, since a CLI user would rather
/// see the error than wait minutes.
public struct RetryPolicy: Sendable {
    /// Total attempts including the first; 1 disables retries.
    public var maxAttempts: Int
    /// The wait before the second attempt.
    public var initialBackoff: Duration
    /// The factor applied to the wait after each failed attempt.
    public var multiplier: Double
    /// The longest computed wait.
    public var maxBackoff: Duration
    /// The fraction by which a wait is randomly shortened or lengthened (0.2 means ±20 %).
    public var jitter: Double
    /// The longest `Retry-After` the client will honour by waiting.
    public var maxRetryAfter: Duration
    /// How long one attempt may go without a complete answer, timed on the injected clock.
    public var attemptTimeout: Duration
    /// How long a request may take with all its attempts and the waits between them: one deadline that the
    /// error states truthfully (`no answer from HOST in 40 s over 4 tries`), rather than tries × timeout.
    public var deadline: Duration

    /// Creates a policy.
    public init(
        maxAttempts: Int = 4, initialBackoff: Duration = .milliseconds(300), multiplier: Double = 2,
        maxBackoff: Duration = .seconds(8), jitter: Double = 0.2, maxRetryAfter: Duration = .seconds(30),
        attemptTimeout: Duration = .seconds(10), deadline: Duration = .seconds(40)
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialBackoff = initialBackoff
        self.multiplier = multiplier
        self.maxBackoff = maxBackoff
        self.jitter = min(max(jitter, 0), 1)
        self.maxRetryAfter = maxRetryAfter
        self.attemptTimeout = attemptTimeout
        self.deadline = deadline
    }

    /// No retries at all.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// Whether an HTTP status is worth retrying: 408, 429 and every 5xx.
    public static func isRetryable(status: Int) -> Bool {
        status == 408 || status == 429 || (500...599).contains(status)
    }

    /// The wait after failed attempt number `attempt` (1-based), before jitter.
    public func baseDelay(afterAttempt attempt: Int) -> Duration {
        let factor = pow(multiplier, Double(max(0, attempt - 1)))
        let scaled = initialBackoff * factor
        return min(scaled, maxBackoff)
    }

    /// The wait after failed attempt `attempt`, with jitter from `unitRandom` (a value in 0…1).
    public func delay(afterAttempt attempt: Int, unitRandom: Double) -> Duration {
        let spread = 1 - jitter + 2 * jitter * min(max(unitRandom, 0), 1)
        let milliseconds = (baseDelay(afterAttempt: attempt) * spread / .milliseconds(1)).rounded()
        return .milliseconds(Int64(milliseconds))
    }

    /// Reads a `Retry-After` value: delta seconds, or an HTTP date relative to `now`.
    public static func retryAfter(_ value: String?, now: Date) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return .seconds(max(0, seconds)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return .seconds(max(0, Int(date.timeIntervalSince(now).rounded(.up))))
    }
}
