import Foundation

/// One answer of the `nextraces` method: the races it listed, in next-to-go order.
public struct NextRacesPage: Sendable, Hashable {
    /// Every race that could be read, sorted by (advertised start, race id).
    public var races: [Race]
    /// Races the service listed but folio could not read, with the reason; reported, never hidden.
    public var skipped: [SkippedRace]

    /// Creates a page, putting the races in next-to-go order.
    public init(races: [Race], skipped: [SkippedRace] = []) {
        self.races = races.sorted(by: NextToGo.startsBefore)
        self.skipped = skipped.sorted { $0.raceID < $1.raceID }
    }

    /// How many races the service listed, including skipped ones.
    public var listedCount: Int { races.count + skipped.count }
}

/// A race summary that could not be read.
public struct SkippedRace: Sendable, Hashable, Codable {
    /// The race id (the key in `race_summaries`).
    public var raceID: String
    /// What was wrong, with the JSON path.
    public var reason: String

    /// Creates a record of a skipped race.
    public init(raceID: String, reason: String) {
        self.raceID = raceID
        self.reason = reason
    }
}
