import Foundation
import Racing
import Testing

@Suite("RefreshScheduler decisions")
struct RefreshSchedulerTests {
    private let t0 = referenceNow

    private func at(_ seconds: TimeInterval) -> Date { t0.addingTimeInterval(seconds) }

    @Test("the first fetch is immediate; nothing else while it is in flight")
    func initialFetch() {
        var scheduler = RefreshScheduler()
        #expect(scheduler.status == .connecting)
        #expect(scheduler.startFetchIfDue(at: at(0)) == .initial)
        #expect(scheduler.startFetchIfDue(at: at(1)) == nil)
        scheduler.raceExpired(at: at(1))
        #expect(scheduler.startFetchIfDue(at: at(2)) == nil)
        scheduler.fetchSucceeded(at: at(2))
        #expect(scheduler.status == .live)
        #expect(scheduler.startFetchIfDue(at: at(3)) == nil, "the expiry during the fetch is covered by its answer")
    }

    @Test("periodic refresh every interval after the last success")
    func periodic() {
        var scheduler = RefreshScheduler(settings: .init(interval: .seconds(30)))
        _ = scheduler.startFetchIfDue(at: at(0))
        scheduler.fetchSucceeded(at: at(0))
        #expect(scheduler.startFetchIfDue(at: at(29)) == nil)
        #expect(scheduler.startFetchIfDue(at: at(30)) == .periodic)
        scheduler.fetchSucceeded(at: at(31))
        #expect(scheduler.startFetchIfDue(at: at(60)) == nil)
        #expect(scheduler.startFetchIfDue(at: at(61)) == .periodic)
    }

    @Test("the interval is never below 10 s")
    func minimumInterval() {
        #expect(RefreshScheduler.Settings(interval: .seconds(2)).interval == .seconds(10))
        #expect(RefreshScheduler.Settings(interval: .seconds(45)).interval == .seconds(45))
    }

    @Test("an expiry fetches at once; more expiries within 10 s fold into one later fetch")
    func expiryCoalescing() {
        var scheduler = RefreshScheduler()
        _ = scheduler.startFetchIfDue(at: at(0))
        scheduler.fetchSucceeded(at: at(0))
        scheduler.raceExpired(at: at(5))
        #expect(scheduler.startFetchIfDue(at: at(5)) == .expiry)
        scheduler.fetchSucceeded(at: at(5))
        scheduler.raceExpired(at: at(6))
        scheduler.raceExpired(at: at(7))
        for second in 6..<15 {
            #expect(scheduler.startFetchIfDue(at: at(TimeInterval(second))) == nil)
        }
        #expect(scheduler.startFetchIfDue(at: at(15)) == .expiry)
        scheduler.fetchSucceeded(at: at(15))
        #expect(scheduler.startFetchIfDue(at: at(16)) == nil)
    }

    @Test("failures back off 2 s, 4 s, 8 s … up to 30 s; a success resets")
    func backoff() {
        var scheduler = RefreshScheduler()
        var now = at(0)
        #expect(scheduler.startFetchIfDue(at: now) == .initial)
        var waits: [TimeInterval] = []
        for attempt in 1...6 {
            scheduler.fetchFailed(at: now, reason: "down", unitRandom: 0.5)
            guard case .reconnecting(let number, let retryAt, let reason) = scheduler.status else {
                Issue.record("expected reconnecting")
                return
            }
            #expect(number == attempt)
            #expect(reason == "down")
            waits.append(retryAt.timeIntervalSince(now))
            #expect(scheduler.startFetchIfDue(at: retryAt.addingTimeInterval(-0.5)) == nil)
            scheduler.raceExpired(at: retryAt.addingTimeInterval(-0.5))
            #expect(
                scheduler.startFetchIfDue(at: retryAt.addingTimeInterval(-0.1)) == nil, "expiry waits for the backoff")
            now = retryAt
            #expect(scheduler.startFetchIfDue(at: now) == .retry)
        }
        #expect(waits == [2, 4, 8, 16, 30, 30])
        scheduler.fetchSucceeded(at: now)
        #expect(scheduler.status == .live)
        scheduler.raceExpired(at: now.addingTimeInterval(11))
        #expect(scheduler.startFetchIfDue(at: now.addingTimeInterval(11)) == .expiry)
    }

    @Test("jitter spreads the backoff by ±20 %")
    func jitter() {
        var low = RefreshScheduler()
        _ = low.startFetchIfDue(at: at(0))
        low.fetchFailed(at: at(0), reason: "x", unitRandom: 0)
        var high = RefreshScheduler()
        _ = high.startFetchIfDue(at: at(0))
        high.fetchFailed(at: at(0), reason: "x", unitRandom: 1)
        guard case .reconnecting(_, let early, _) = low.status, case .reconnecting(_, let late, _) = high.status else {
            Issue.record("expected reconnecting")
            return
        }
        #expect(abs(early.timeIntervalSince(at(0)) - 1.6) < 1e-6)
        #expect(abs(late.timeIntervalSince(at(0)) - 2.4) < 1e-6)
    }
}
