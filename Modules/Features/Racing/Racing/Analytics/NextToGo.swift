import Foundation

/// The next-to-go rules: which races a board shows, and in what order.
///
/// A race is shown while `now ≤ advertised start + 60 s`; the board is the races that pass the filter,
/// sorted by (advertised start, race id), cut to `count`. The id breaks ties because the service orders
/// equal start times arbitrarily, and a board that reshuffles every refresh is unreadable.
public enum NextToGo {
    /// How long after its advertised start a race stays on the board.
    public static let grace: TimeInterval = 60

    /// The number of races a board shows unless told otherwise.
    public static let defaultCount = 5

    /// Whether `race` is still shown at `now`: up to and including 60 s past its advertised start.
    public static func isShown(_ race: Race, at now: Date) -> Bool {
        now.timeIntervalSince(race.advertisedStart) <= grace
    }

    /// The last instant `race` is shown.
    public static func expiry(of race: Race) -> Date {
        race.advertisedStart.addingTimeInterval(grace)
    }

    /// Next-to-go order: earlier start first, then race id.
    public static func startsBefore(_ lhs: Race, _ rhs: Race) -> Bool {
        if lhs.advertisedStart != rhs.advertisedStart { return lhs.advertisedStart < rhs.advertisedStart }
        return lhs.id < rhs.id
    }

    /// Every race shown at `now` that passes `filter`, in next-to-go order.
    public static func eligible(_ races: [Race], filter: RaceFilter, at now: Date) -> [Race] {
        races.filter { isShown($0, at: now) && filter.matches($0) }.sorted(by: startsBefore)
    }

    /// The board: the first `count` eligible races at `now`.
    public static func board(_ races: [Race], count: Int, filter: RaceFilter, at now: Date) -> [Race] {
        Array(eligible(races, filter: filter, at: now).prefix(max(0, count)))
    }
}
