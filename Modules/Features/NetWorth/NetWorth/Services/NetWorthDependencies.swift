import Foundation
import Persistence
import Timing

/// What the net-worth services need from the host: the feature's store, the clocks and the value sources linked
/// accounts follow. The feature makes no network calls itself (rates are typed in; a source's feature fetches
/// what it needs), so there is no HTTP client or cache settings to pass.
public struct NetWorthDependencies: Sendable {
    /// The feature's namespace of the store.
    public var store: any KeyValueStore
    /// The clocks; the wall clock decides today's date.
    public var timing: Timing
    /// The time zone in which "today" is read (the machine's, by default).
    public var timeZone: TimeZone
    /// A long-lived reader's memory of decoded accounts (a server's), reused while their stored bytes are unchanged.
    public var decoded: DecodedRecords?
    /// The value sources linked accounts follow (none unless the host gives them).
    public var sources: LinkedSources

    /// Collects the dependencies.
    public init(
        store: any KeyValueStore, timing: Timing, timeZone: TimeZone = .current, decoded: DecodedRecords? = nil,
        sources: LinkedSources = .none
    ) {
        self.store = store
        self.timing = timing
        self.timeZone = timeZone
        self.decoded = decoded
        self.sources = sources
    }

    /// Today in ``timeZone``: the default date of balances and rates, and the latest a balance may be dated.
    public var today: CalendarDate { CalendarDate(timing.now(), in: timeZone) }

    /// The repository over ``store``.
    var repository: NetWorthRepository { NetWorthRepository(store: store, decoded: decoded) }
}
