import Foundation
import Synchronization
import Timing

/// A wall clock that reads whatever a test set it to.
public final class PinnedWallClock: WallClock, Sendable {
    private let current: Mutex<Date>

    /// Creates a wall clock pinned at `date`.
    public init(_ date: Date) { current = Mutex(date) }

    /// The pinned date.
    public func now() -> Date { current.withLock { $0 } }

    /// Pins the clock to a new date.
    public func set(_ date: Date) { current.withLock { $0 = date } }

    /// Moves the pinned date forward by `seconds`.
    public func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

extension Timing {
    /// A timing kernel for tests: a manual sleeping clock and a wall clock pinned at `now`.
    public static func test(
        now: Date = Date(timeIntervalSince1970: 1_700_000_000), clock: ManualClock = ManualClock()
    )
        -> Timing
    {
        Timing(clock: clock, wallClock: PinnedWallClock(now))
    }
}
