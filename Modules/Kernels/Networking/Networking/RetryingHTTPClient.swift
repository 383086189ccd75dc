import Foundation
import Timing

/// What a ``RetryingHTTPClient`` reports before it waits to try again.
public struct RetryEvent: Sendable {
    /// The request being retried.
    public var request: HTTPRequest
    /// The attempt that just failed (1-based).
    public var failedAttempt: Int
    /// The most attempts the request may get.
    public var maxAttempts: Int
    /// What went wrong: a thrown error or a retryable status.
    public var failure: NetworkError
    /// How long the client will wait before the next attempt.
    public var delay: Duration

    /// Creates an event.
    public init(request: HTTPRequest, failedAttempt: Int, maxAttempts: Int, failure: NetworkError, delay: Duration) {
        self.request = request
        self.failedAttempt = failedAttempt
        self.maxAttempts = maxAttempts
        self.failure = failure
        self.delay = delay
    }
}

/// Wraps a client with a ``RetryPolicy``: waits and times out on the injected clock, so tests never sleep in
/// real time.
///
/// Only idempotent requests are retried. A response with a retryable status is returned as-is once the
/// attempts are spent, so the caller still sees the real status. Each attempt gets the policy's attempt
/// timeout, cut to what is left of the request's deadline; when every attempt went unanswered the error is
/// ``NetworkError/noAnswer(url:after:attempts:)`` with the time really spent.
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
    ///   - onRetry: Told before each wait, e.g. to log or to show "retrying in 2 s…".
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

    /// Sends `request`, retrying transient failures as the policy allows, within the policy's deadline.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let attempts = request.isIdempotent ? policy.maxAttempts : 1
        let stopwatch = timing.startStopwatch()
        var attempt = 0
        while true {
            attempt += 1
            try Task.checkCancellation()
            let failure: NetworkError
            var explicitWait: Duration?
            var answered: HTTPResponse?
            do {
                let response = try await attemptWithinDeadline(request, stopwatch: stopwatch)
                guard RetryPolicy.isRetryable(status: response.status), attempt < attempts else { return response }
                answered = response
                explicitWait = RetryPolicy.retryAfter(response.headers["Retry-After"], now: timing.now())
                if let wait = explicitWait, wait > policy.maxRetryAfter { return response }
                failure = .status(
                    code: response.status, url: response.url, body: response.bodySnippet, retryAfter: explicitWait)
            } catch let error as NetworkError where error.isTransient && attempt < attempts {
                failure = error
            } catch NetworkError.timedOut(let url, _) {
                throw NetworkError.noAnswer(url: url, after: stopwatch.elapsed, attempts: attempt)
            }
            let delay = explicitWait ?? policy.delay(afterAttempt: attempt, unitRandom: unitRandom())
            guard stopwatch.elapsed + delay < policy.deadline else {
                if let answered { return answered }
                throw giveUp(after: failure, stopwatch, attempt)
            }
            onRetry(
                RetryEvent(
                    request: request, failedAttempt: attempt, maxAttempts: attempts, failure: failure, delay: delay))
            try await timing.sleep(for: delay)
        }
    }

    /// One attempt, abandoned as timed out when the attempt timeout or the deadline comes first.
    private func attemptWithinDeadline(_ request: HTTPRequest, stopwatch: Stopwatch) async throws -> HTTPResponse {
        let budget = min(policy.attemptTimeout, policy.deadline - stopwatch.elapsed)
        let (base, timing) = (base, timing)
        return try await withThrowingTaskGroup(of: HTTPResponse?.self) { group in
            group.addTask { try await base.send(request) }
            group.addTask {
                try await timing.sleep(for: budget)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            guard let response = first else { throw NetworkError.timedOut(url: request.url, after: budget) }
            return response
        }
    }

    /// The error when the deadline leaves no time for another attempt.
    private func giveUp(after failure: NetworkError, _ stopwatch: Stopwatch, _ attempt: Int) -> NetworkError {
        if case .timedOut(let url, _) = failure {
            return .noAnswer(url: url, after: stopwatch.elapsed, attempts: attempt)
        }
        return failure
    }
}
