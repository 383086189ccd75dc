import Foundation
import Testing

@testable import FeatureKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A signal sent to the process is caught whichever of its threads the kernel hands it to, and reaches every waiter.
/// (A run of twenty signals in a row, which the old `SIG_IGN` code failed, is not kept: in a full parallel run on
/// 2 cores it took minutes while the loopback servers of other tests starved.)
/// SIGUSR1 and SIGUSR2 stand in for Ctrl-C and SIGTERM: the test sends them to its own process, where other tests'
/// watchers wait for those two.
@Suite("Signals caught", .serialized)
struct InterruptSignalTests {
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
