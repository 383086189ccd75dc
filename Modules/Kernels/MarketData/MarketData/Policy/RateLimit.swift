import Foundation

/// How politely to ask one provider: at most ``perMinute`` requests in any minute, ``inFlight`` at once, and
/// ``minimumGap`` between two starts. A provider's `Retry-After` (or a refusal without one, for
/// ``backOffWithoutRetryAfter``) closes the gate until then.
public struct RateLimit: Sendable, Equatable {
    /// Requests started in any 60 seconds.
    public var perMinute: Int
    /// Requests in flight at once.
    public var inFlight: Int
    /// The least time between two request starts.
    public var minimumGap: Duration
    /// How long to leave the provider alone after a refusal that gave no `Retry-After`.
    public var backOffWithoutRetryAfter: Duration
    /// The longest a caller waits for its turn; a longer wait is refused at once, so the caller can use the next
    /// provider or a stored price instead of hanging.
    public var longestWait: Duration

    /// Creates a limit; counts below one are taken as one.
    public init(
        perMinute: Int, inFlight: Int, minimumGap: Duration, backOffWithoutRetryAfter: Duration = .seconds(60),
        longestWait: Duration = .seconds(30)
    ) {
        self.perMinute = max(1, perMinute)
        self.inFlight = max(1, inFlight)
        self.minimumGap = max(.zero, minimumGap)
        self.backOffWithoutRetryAfter = backOffWithoutRetryAfter
        self.longestWait = longestWait
    }

    /// Yahoo publishes no limits; clients that stay under about one request a second are rarely refused.
    public static let yahoo = RateLimit(perMinute: 60, inFlight: 2, minimumGap: .milliseconds(250))
    /// Alpha Vantage's free tier: 5 requests a minute (and 25 a day, which a refusal body announces).
    public static let alphaVantage = RateLimit(perMinute: 5, inFlight: 1, minimumGap: .seconds(1))
}
