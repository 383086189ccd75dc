import AlertRules

/// The firings of this process, numbered, for pages that show them as they happen (`folio serve`'s event
/// stream) and list the recent ones. Kept in memory and bounded: the store holds each alert's state, this only
/// what a browser connected now has still to be told.
public actor AlertFeed {
    /// A firing with its number in this feed.
    public struct Entry: Sendable, Equatable {
        /// 1 for the first firing this feed saw, counting up.
        public var sequence: Int
        /// What fired.
        public var firing: Firing
    }

    private let capacity: Int
    private var entries: [Entry] = []
    /// The number of the newest firing (0 before the first).
    public private(set) var latest = 0

    /// Creates an empty feed keeping the newest `capacity` firings.
    public init(capacity: Int = 20) {
        self.capacity = max(capacity, 1)
    }

    /// Adds what a check fired.
    public func publish(_ firings: [Firing]) {
        for firing in firings {
            latest += 1
            entries.append(Entry(sequence: latest, firing: firing))
        }
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
    }

    /// The oldest firing kept that is newer than `sequence`, if any.
    public func first(after sequence: Int) -> Entry? {
        entries.first { $0.sequence > sequence }
    }

    /// The firings kept, newest first.
    public func recent() -> [Firing] {
        entries.reversed().map(\.firing)
    }
}
