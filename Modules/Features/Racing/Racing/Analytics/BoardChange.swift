import Foundation

/// One change between two boards, for logs and pipes that want "what changed", not a redraw.
public enum BoardChange: Sendable, Hashable {
    /// A race joined the board.
    case added(Race)
    /// A race left the board; `expired` when it passed start + 60 s, else the service stopped listing it
    /// or a refill pushed it below the cut.
    case removed(Race, expired: Bool)
    /// A race's advertised start moved.
    case rescheduled(Race, from: Date)

    /// The race the change is about.
    public var race: Race {
        switch self {
        case .added(let race), .removed(let race, _), .rescheduled(let race, _): race
        }
    }

    /// The changes from board `old` to board `new` at `now`: removals first (in the old board's order),
    /// then reschedules and additions in the new board's order.
    public static func between(_ old: [Race], _ new: [Race], at now: Date) -> [BoardChange] {
        let newByID = Dictionary(new.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let oldByID = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var changes: [BoardChange] = old.filter { newByID[$0.id] == nil }.map { race in
            .removed(race, expired: !NextToGo.isShown(race, at: now))
        }
        for race in new {
            if let before = oldByID[race.id] {
                if before.advertisedStart != race.advertisedStart {
                    changes.append(.rescheduled(race, from: before.advertisedStart))
                }
            } else {
                changes.append(.added(race))
            }
        }
        return changes
    }
}
