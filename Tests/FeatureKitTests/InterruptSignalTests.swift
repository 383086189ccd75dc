import FeatureKit
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A signal sent to the process is caught whichever of its threads the kernel hands it to.
@Suite("Ctrl-C and SIGTERM caught", .serialized)
struct InterruptSignalTests {
    /// With `SIG_IGN` and a Dispatch source, a signal the kernel gave another thread than Dispatch's was
    /// discarded; the test process has many threads, so some of forty signals went to one of them.
    @Test("forty signals in a row each end the run they were sent to", .timeLimit(.minutes(1)))
    func everySignalEndsItsRun() async {
        for round in 0..<40 {
            let signalNumber = round.isMultiple(of: 2) ? SIGINT : SIGTERM
            let (started, starting) = AsyncStream.makeStream(of: Void.self)
            let run = Task {
                await InterruptSignal.run {
                    starting.yield()
                    // Waits for the cancellation the signal brings, not for time to pass.
                    try? await Task.sleep(for: .seconds(3600))
                }
            }
            for await _ in started { break }
            kill(getpid(), signalNumber)
            #expect(await run.value, "round \(round): the signal ended the run")
        }
    }
}
