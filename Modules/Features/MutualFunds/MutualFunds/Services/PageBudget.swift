import Caching
import Failures
import Foundation
import Persistence
import Synchronization
import Timing

/// One page's deadline, shared by every fetch the page makes. A page that asks the MF API, then AMFI when the MF
/// API fails (or AMFI's file, then the histories when AMFI fails), would otherwise wait the whole deadline for
/// each in turn; with the budget the second source gets only what the first left, and none once it is spent.
/// The deadline runs from the page's first fetch, so a page that reads only what is saved never starts it.
final class PageBudget: Sendable {
    /// The server's policy, whose deadline is the page's whole budget.
    let policy: PagePolicy
    private let timing: Timing
    private let started = Mutex<Stopwatch?>(nil)

    init(policy: PagePolicy, timing: Timing) {
        self.policy = policy
        self.timing = timing
    }

    /// The policy with what is left of the deadline (the whole of it at the first fetch); nil once it has passed.
    func remaining() -> PagePolicy? {
        let timing = timing
        let elapsed = started.withLock { watch -> Duration in
            if let running = watch { return running.elapsed }
            watch = timing.startStopwatch()
            return .zero
        }
        let left = policy.deadline - elapsed
        guard left > .zero else { return nil }
        var budget = policy
        budget.deadline = left
        return budget
    }
}

extension FundsService {
    /// ``Caching/CachedFetch/value(key:ttl:mode:source:load:read:save:)`` under this service's policy: on a page,
    /// within what is left of the page's deadline, and from the store alone (a saved copy, however old) once the
    /// deadline has passed, so that a page answers within its deadline however many sources it tries.
    func fetchCached<T: Sendable>(
        fallsBack: @escaping @Sendable (any Error) -> Bool, key: String, ttl: Duration, mode: FetchMode, source: String,
        load: @escaping @Sendable () async throws -> T,
        read: @escaping @Sendable (any StoreTransaction) throws -> Entry<T>?,
        save: @escaping @Sendable (any StoreTransaction, T, Date) throws -> Void
    ) async throws -> Cached<T> {
        guard let budget, mode == .normal else {
            return try await CachedFetch(store: store, timing: timing, fallsBack: fallsBack, page: page).value(
                key: key, ttl: ttl, mode: mode, source: source, load: load, read: read, save: save)
        }
        let left = budget.remaining()
        let fetch = CachedFetch(store: store, timing: timing, fallsBack: fallsBack, page: left)
        let deadline = DurationFormat.short(budget.policy.deadline)
        do {
            return try await fetch.value(
                key: key, ttl: ttl, mode: left == nil ? .offline : .normal, source: source, load: load, read: read,
                save: save)
        } catch let failure as FolioError where left == nil && failure.kind == .unavailable {
            // Offline was the page's doing, not the user's: say so in the page's words.
            throw FolioError(
                .unavailable, "\(source) is unavailable and nothing is saved",
                why: "the page's \(deadline) deadline passed before it was asked", hint: "try again in a moment")
        } catch let failure as FolioError
            where failure.what.hasPrefix("\(source) did not answer within ")
            && failure.what != "\(source) did not answer within \(deadline)"
        {
            // The kernel names the time it was given: for a second source, what was left (truncated to "0s").
            throw FolioError(
                failure.kind, "\(source) did not answer within what was left of the page's \(deadline)",
                why: failure.why, hint: failure.hint, field: failure.field)
        }
    }
}
