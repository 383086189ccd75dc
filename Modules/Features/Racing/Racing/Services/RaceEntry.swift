import Foundation
import Money

/// One race of a report: camelCase keys, the start as an instant, absent values as null, and the countdown at the
/// report's time.
public struct RaceEntry: Codable, Sendable, Equatable {
    /// The keys in the order a table or CSV shows them.
    public static let columns = [
        "raceId", "meetingName", "raceNumber", "raceName", "category", "advertisedStart", "secondsToStart",
        "venueCountry", "venueState", "distance",
    ]

    /// The service's race id.
    public var raceId: String
    /// The meeting (venue) name.
    public var meetingName: String
    /// The race's number at its meeting.
    public var raceNumber: Int
    /// The race's name.
    public var raceName: String
    /// `horse`, `harness`, `greyhound` or `other`.
    public var category: String
    /// The advertised start.
    public var advertisedStart: Date
    /// Whole seconds from the report's time to the start, rounded down; negative once started.
    public var secondsToStart: Int
    /// The venue's country code, when the service gives one.
    @NullEncodable public var venueCountry: String?
    /// The venue's state, when the service gives one.
    @NullEncodable public var venueState: String?
    /// The distance in metres, when known.
    @NullEncodable public var distance: Int?

    /// The entry for `race` at `now`.
    public init(_ race: Race, now: Date) {
        raceId = race.id
        meetingName = race.meetingName
        raceNumber = race.number
        raceName = race.name
        category = race.category.description
        advertisedStart = race.advertisedStart
        secondsToStart = race.secondsToStart(at: now)
        venueCountry = race.venueCountry
        venueState = race.venueState
        distance = race.distance
    }

    /// How a person names the race: "Race 3 at Flemington".
    public var title: String { "Race \(raceNumber) at \(meetingName)" }
}
