import FeatureKit
import Foundation
import Money
import Racing

/// One race in `--format json|csv`: camelCase keys, ISO 8601 UTC start, absent values as null.
struct RaceRow: Encodable {
    /// The JSON keys in CSV column order.
    static let columns = [
        "raceId", "meetingName", "raceNumber", "raceName", "category", "advertisedStart", "secondsToStart",
        "venueCountry", "venueState", "distance",
    ]

    var raceId: String
    var meetingName: String
    var raceNumber: Int
    var raceName: String
    var category: String
    var advertisedStart: Date
    var secondsToStart: Int
    @NullEncodable var venueCountry: String?
    @NullEncodable var venueState: String?
    @NullEncodable var distance: Int?

    init(_ race: Race, now: Date) {
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
}
