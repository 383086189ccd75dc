import Foundation

/// One row of `folio races next --format json`, read back for the page.
struct RaceRowView: Decodable, Sendable {
    var raceId: String
    var meetingName: String
    var raceNumber: Int
    var raceName: String
    var category: String
    var advertisedStart: String
    var secondsToStart: Int
    var venueCountry: String?

    /// The advertised start.
    var start: Date { (try? Date(advertisedStart, strategy: .iso8601)) ?? .distantPast }

    static func decode(_ json: String) throws -> [RaceRowView] {
        try JSONDecoder().decode([RaceRowView].self, from: Data(json.utf8))
    }
}
