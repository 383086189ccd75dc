import Foundation
import Networking
import NetworkingTesting
import Testing
import Timing
import TimingTesting

@Suite struct RetryPolicyTests {
    @Test func backsOffExponentiallyWithBoundedJitter() {
        let policy = RetryPolicy(
            initialBackoff: .milliseconds(300), multiplier: 2, maxBackoff: .seconds(8), jitter: 0.2)
        #expect(policy.delay(afterAttempt: 1, unitRandom: 0.5) == .milliseconds(300))
        #expect(policy.delay(afterAttempt: 2, unitRandom: 0.5) == .milliseconds(600))
        #expect(policy.delay(afterAttempt: 3, unitRandom: 0.5) == .milliseconds(1200))
        #expect(policy.delay(afterAttempt: 10, unitRandom: 0.5) == .seconds(8))
        #expect(policy.delay(afterAttempt: 1, unitRandom: 0) == .milliseconds(240))
        #expect(policy.delay(afterAttempt: 1, unitRandom: 1) == .milliseconds(360))
    }

    @Test(arguments: [408, 429, 500, 502, 503, 504])
    func retriesTransientStatuses(status: Int) { #expect(RetryPolicy.isRetryable(status: status)) }

    @Test(arguments: [400, 401, 403, 404, 409, 422])
    func neverRetriesOtherClientErrors(status: Int) { #expect(!RetryPolicy.isRetryable(status: status)) }

    @Test func readsRetryAfterAsSecondsOrHTTPDate() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(RetryPolicy.retryAfter("12", now: now) == .seconds(12))
        #expect(RetryPolicy.retryAfter("Tue, 14 Nov 2023 22:13:50 GMT", now: now) == .seconds(30))
        #expect(RetryPolicy.retryAfter("soon", now: now) == nil)
        #expect(RetryPolicy.retryAfter(nil, now: now) == nil)
    }

    @Test func givesUpAfterMaxAttemptsAndReturnsTheLastAnswer() async throws {
        let stub = StubHTTPClient { request in HTTPResponse(status: 503, url: request.url) }
        let clock = ManualClock()
        let client = RetryingHTTPClient(
            base: stub, policy: RetryPolicy(maxAttempts: 3), timing: .test(clock: clock), unitRandom: { 0.5 })
        let response = try await clock.drive(stepping: .seconds(10)) {
            try await client.send(.get(URL(string: "http://127.0.0.1:1")!, path: "/x"))
        }
        #expect(response.status == 503)
        #expect(stub.requests.count == 3)
    }

    @Test func doesNotWaitForARetryAfterBeyondItsLimit() async throws {
        let stub = StubHTTPClient { request in
            HTTPResponse(status: 429, headers: ["Retry-After": "3600"], url: request.url)
        }
        let client = RetryingHTTPClient(base: stub, policy: RetryPolicy(maxRetryAfter: .seconds(30)), timing: .test())
        #expect(try await client.send(.get(URL(string: "http://127.0.0.1:1")!, path: "/")).status == 429)
        #expect(stub.requests.count == 1)
    }

    @Test func neverRetriesNonIdempotentRequests() async throws {
        let stub = StubHTTPClient { request in HTTPResponse(status: 500, url: request.url) }
        let client = RetryingHTTPClient(base: stub, timing: .test())
        let post = HTTPRequest(method: "POST", url: URL(string: "http://127.0.0.1:1/orders")!)
        #expect(try await client.send(post).status == 500)
        #expect(stub.requests.count == 1)
    }

    @Test func retriesThrownTransientErrorsButNotDecodingErrors() async throws {
        let url = URL(string: "http://127.0.0.1:1/x")!
        let attempts = Counter()
        let flaky = StubHTTPClient { request in
            if attempts.increment() < 3 { throw NetworkError.connectionFailed(url: url, reason: "reset") }
            return HTTPResponse(status: 200, body: Data("[1]".utf8), url: request.url)
        }
        let clock = ManualClock()
        let client = RetryingHTTPClient(base: flaky, timing: .test(clock: clock), unitRandom: { 0.5 })
        let numbers = try await clock.drive(stepping: .seconds(10)) {
            try await client.send(Endpoint<[Int]>.json(HTTPRequest(url: url)))
        }
        #expect(numbers == [1])
        #expect(flaky.requests.count == 3)
        let broken = StubHTTPClient { _ in throw NetworkError.decoding(url: url, path: "a", reason: "bad") }
        await #expect(throws: NetworkError.self) {
            try await RetryingHTTPClient(base: broken, timing: .test()).send(HTTPRequest(url: url))
        }
        #expect(broken.requests.count == 1)
    }
}
