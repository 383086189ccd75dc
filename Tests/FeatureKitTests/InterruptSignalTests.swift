import Foundation
import Testing

@testable import FeatureKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A signal sent to the process is caught whichever of its threads the kernel hands it to, and reaches every waiter.
/// SIGUSR1 and SIGUSR2 stand in for Ctrl-C and SIGTERM: the test sends them to its own process, where other tests'
/// watchers wait for those two.
@Suite("Signals caught", .serialized)
struct InterruptSignalTests {
    /// With `SIG_IGN` and a Dispatch source, a signal the kernel gave another thread than Dispatch's was
    /// discarded; the test process has many threads, so some of twenty signals went to one of them. (The limit is
    /// generous: in a full parallel run on 2 cores, each round's task hops wait for a busy pool.)
    @Test("twenty signals in a row each end the run they were sent to", .timeLimit(.minutes(5)))
    func everySignalEndsItsRun() async {
        for round in 0..<20 {
            let signalNumber = round.isMultiple(of: 2) ? SIGUSR1 : SIGUSR2
            #expect(await runEnded(by: signalNumber, caught: [SIGUSR1, SIGUSR2]), "round \(round)")
        }
    }

    @Test("two waiters at once both see the signal, and the one left still catches it", .timeLimit(.minutes(5)))
    func twoWaitersBothSeeIt() async {
        let (started, starting) = AsyncStream.makeStream(of: Void.self)
        let first = Task {
            await InterruptSignal.run(catching: [SIGUSR1], grace: .milliseconds(400)) {
                starting.yield()
                try? await Task.sleep(for: .seconds(3600))
            }
        }
        var iterator = started.makeAsyncIterator()
        _ = await iterator.next()
        #expect(await runEnded(by: SIGUSR1, caught: [SIGUSR1]), "the second waiter")
        #expect(await first.value, "the first waiter saw the same signal")
        // Both gone: a later waiter installs the handler afresh.
        #expect(await runEnded(by: SIGUSR1, caught: [SIGUSR1]), "a later waiter")
    }

    /// Starts a run catching `caught`, sends `signalNumber` to this process once the run's body has begun, and
    /// returns whether the signal ended it. The body waits for the cancellation the signal brings, not for time.
    private func runEnded(by signalNumber: Int32, caught: Set<Int32>) async -> Bool {
        let (started, starting) = AsyncStream.makeStream(of: Void.self)
        let run = Task {
            await InterruptSignal.run(catching: caught, grace: .milliseconds(400)) {
                starting.yield()
                try? await Task.sleep(for: .seconds(3600))
            }
        }
        for await _ in started { break }
        kill(getpid(), signalNumber)
        return await run.value
    }
}
