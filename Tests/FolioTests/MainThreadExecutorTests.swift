import Foundation
import Testing

@testable import folio

/// The executor `folio` runs its commands on: everything the command's task does comes back to the calling thread.
@Suite struct MainThreadExecutorTests {
    @Test func runsTheTaskItsChildrenAndResumedContinuationsOnTheCallingThread() {
        let caller = pthread_self()
        let code = MainThreadExecutor.run {
            let childrenOnCaller = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<4 { group.addTask { pthread_equal(pthread_self(), caller) != 0 } }
                return await group.reduce(true) { $0 && $1 }
            }
            // Resumed from another thread, as SwiftNIO and signal sources resume their waiters.
            await withCheckedContinuation { continuation in
                Thread.detachNewThread { continuation.resume() }
            }
            let resumedOnCaller = pthread_equal(pthread_self(), caller) != 0
            return childrenOnCaller && resumedOnCaller ? 7 : 1
        }
        #expect(code == 7)
    }
}
