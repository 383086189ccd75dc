import Foundation
import Timing

/// What a ``RetryingHTTPClient`` reports before it waits to try again.
public struct RetryEvent: Sendable {
    /// The request being retried.
    public var request: HTTPRequest
    /// The attempt that just failed (1-based).
    public var failedAttempt: Int
    /// What went wrong: a thrown error or a retryable status.
    public var failure: NetworkError
    /// How long the client will wait before the next attempt.
    public var delay: Duration
}

/// Wraps a client with a ``RetryPolicy``: waits on the injected clock, so tests never sleep in real time.
///
/// Only idempotent requests are retried. A response with a retryable status is returned as-is once the
/// attempts are spent, so the caller still sees the real status.
public struct RetryingHTTPClient: HTTPClient {
    private let base: any HTTPClient
    private let policy: RetryPolicy
    private let timing: Timing
    private let unitRandom: @Sendable () -> Double
    private let onRetry: @Sendable (RetryEvent) -> Void

    /// Creates a retrying client.
    /// - Parameters:
    ///   - base: The client that sends each attempt.
    ///   - policy: When and how long to wait.
    ///   - timing: The clock to wait on and the wall clock for HTTP-date `Retry-After` values.
    ///   - unitRandom: The jitter source, a value in 0…1; fixed in tests.
    ///   - onRetry: Told before each wait, e.g. to log or to show "reconnecting…".
    public init(
        base: any HTTPClient, policy: RetryPolicy = RetryPolicy(), timing: Timing,
        unitRandom: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        onRetry: @escaping @Sendable (RetryEvent) -> Void = { _ in }
    ) {
        self.base = base
        self.policy = policy
        self.timing = timing
        self.unitRandom = unitRandom
        self.onRetry = onRetry
    }

    /// Sends `request`, retrying transient failures as the policy allows.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let attempts = request.isIdempotent ? policy.maxAttempts : 1
        var attempt = 0
        while true {
            attempt += 1
            try Task.checkCancellation()
            let failure: NetworkError
            var explicitWait: Duration?
            do {
                let response = try await base.send(request)
                guard RetryPolicy.isRetryable(status: response.status), attempt < attempts else { return response }
                explicitWait = RetryPolicy.retryAfter(response.headers["Retry-After"], now: timing.now())
                if let wait = explicitWait, wait > policy.maxRetryAfter { return response }
                failure = .status(
                    code: response.status, url: response.url, body: response.bodySnippet, retryAfter: explicitWait)
            } catch let error as NetworkError where error.isTransient && attempt < attempts {
                failure = error
            }
            let delay = explicitWait ?? policy.delay(afterAttempt: attempt, unitRandom: unitRandom())
            onRetry(RetryEvent(request: request, failedAttempt: attempt, failure: failure, delay: delay))
            try await timing.sleep(for: delay)
        }
    }
}
