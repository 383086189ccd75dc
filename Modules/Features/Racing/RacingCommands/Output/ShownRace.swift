import Foundation
import Racing

/// What the terminal shows of a race, whether it comes from a live board (``Race``) or a report (``RaceEntry``),
/// so the table and the sentences read the same for `next` and `watch`.
protocol ShownRace {
    /// The race's number at its meeting.
    var number: Int { get }
    /// The meeting name.
    var meetingName: String { get }
    /// `horse`, `harness`, `greyhound` or `other`.
    var categoryName: String { get }
    /// The advertised start.
    var advertisedStart: Date { get }
    /// The race's name.
    var name: String { get }
    /// The venue's country code, when known.
    var venueCountry: String? { get }
    /// Whole seconds from `now` to the start, rounded down.
    func secondsToStart(at now: Date) -> Int
}

extension Race: ShownRace {
    var categoryName: String { category.description }
}

extension RaceEntry: ShownRace {
    var number: Int { raceNumber }
    var name: String { raceName }
    var categoryName: String { category }

    func secondsToStart(at now: Date) -> Int {
        Int(advertisedStart.timeIntervalSince(now).rounded(.down))
    }
}
