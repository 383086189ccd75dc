import FeatureKit
import FeatureWeb
import Foundation
import Synchronization
import Testing
import Timing
import TimingTesting

/// `folio serve`'s background work (net worth's hourly sync): a job runs at start, then once per interval on the
/// injected clock, survives a failed run, and stops when its task is cancelled.
@Suite struct BackgroundJobTests {
    final class Runs: Sendable {
        let count = Mutex(0)
        let failures = Mutex<[String]>([])
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String { "the source is down" }
    }

    @Test("runs at start and once per interval, not before; a failed run is reported and the next one still comes")
    func runsOncePerInterval() async throws {
        let clock = ManualClock()
        let timing = Timing.test(clock: clock)
        let environment = WebEnvironment(
            contexts: [:], layout: Layout(navigation: []), ticker: Ticker(clock: clock), timing: timing,
            sessions: BrowserSessions(now: { Date() }))
        let runs = Runs()
        let job = BackgroundJob(name: "sync", interval: .seconds(3600)) { _ in
            let run = runs.count.withLock { count in
                count += 1
                return count
            }
            if run == 2 { throw Failure() }
        }
        let task = Task {
            await job.repeatedly(with: environment, clock: clock) { error in
                runs.failures.withLock { $0.append("\(error)") }
            }
        }
        await clock.waitForSleepers(1)
        #expect(runs.count.withLock { $0 } == 1)
        await clock.advance(by: .seconds(3599))
        #expect(runs.count.withLock { $0 } == 1)
        await clock.advance(by: .seconds(1))
        await clock.waitForSleepers(1)
        #expect(runs.count.withLock { $0 } == 2)
        #expect(runs.failures.withLock { $0 } == ["the source is down"])
        await clock.advance(by: .seconds(3600))
        await clock.waitForSleepers(1)
        #expect(runs.count.withLock { $0 } == 3)
        task.cancel()
        await task.value
        #expect(runs.count.withLock { $0 } == 3)
    }
}
