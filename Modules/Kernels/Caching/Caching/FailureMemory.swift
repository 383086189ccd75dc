import Failures
import Foundation
import Persistence
import Timing

/// What a long-running server remembers between requests about the fetches behind its pages: the failures of
/// the last little while, so that every page view of a service that is down does not wait for it again, and the
/// refreshes already running in the background, so that one stale copy starts one refresh, not one per view.
///
/// A command line run makes one request and exits; it has no use for this. `folio serve` holds one for its
/// lifetime and hands it to the services its pages build (``CachedFetch/init(store:timing:fallsBack:page:)``).
public actor FailureMemory {
    private var failures: [String: (error: FolioError, until: Date)] = [:]
    private var refreshing: Set<String> = []

    /// How long a failure is remembered.
    public let duration: Duration

    /// Creates an empty memory that keeps each failure for `duration`.
    public init(duration: Duration) {
        self.duration = duration
    }

    /// The failure remembered for `key`, if it is still recent at `now`.
    public func failure(for key: String, at now: Date) -> FolioError? {
        guard let entry = failures[key] else { return nil }
        guard entry.until > now else {
            failures[key] = nil
            return nil
        }
        return entry.error
    }

    /// Remembers that fetching `key` failed with `error` at `now`.
    public func remember(_ error: FolioError, for key: String, at now: Date) {
        failures[key] = (error, now.addingTimeInterval(duration.seconds))
    }

    /// Forgets the failure of `key` (a fetch of it succeeded).
    public func forget(_ key: String) {
        failures[key] = nil
    }

    /// Claims the background refresh of `key`; false when one is already running.
    public func beginRefresh(of key: String) -> Bool {
        refreshing.insert(key).inserted
    }

    /// Releases the claim of ``beginRefresh(of:)``.
    public func endRefresh(of key: String) {
        refreshing.remove(key)
    }
}

/// How a page fetches: within its own deadline, remembering failures, and never waiting for a refresh when a
/// copy, however old, can be shown at once (`web.pageDeadline`, `web.failureMemory`).
public struct PagePolicy: Sendable {
    /// How long a page waits for an item nothing is saved of.
    public var deadline: Duration
    /// The failures and refreshes shared by every request of the server.
    public var memory: FailureMemory
    /// Values decoded from stored records, reused by later requests while the stored bytes are unchanged.
    public var decoded: DecodedRecords
    /// The clock deadlines wait on (a server's ``CoalescingClock``, say); nil for the fetch's own.
    public var clock: (any Clock<Duration>)?

    /// Creates a policy.
    public init(
        deadline: Duration, memory: FailureMemory, decoded: DecodedRecords = DecodedRecords(),
        clock: (any Clock<Duration>)? = nil
    ) {
        self.deadline = deadline
        self.memory = memory
        self.decoded = decoded
        self.clock = clock
    }
}
