import Synchronization

/// How many more updates `watch` may show before it stops (`--max-updates`); unlimited by default.
final class UpdateBudget: Sendable {
    private let remaining: Mutex<Int?>

    init(_ limit: Int?) { remaining = Mutex(limit) }

    /// Records one update; false once the budget is spent and the watch should stop.
    func spend() -> Bool {
        remaining.withLock { remaining in
            guard let left = remaining else { return true }
            remaining = left - 1
            return left - 1 > 0
        }
    }
}
