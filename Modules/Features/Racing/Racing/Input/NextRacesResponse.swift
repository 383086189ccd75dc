import Foundation
import Money
import Networking
import Timing

/// The `nextraces` envelope: `{status, data: {next_to_go_ids, race_summaries}, message}`.
///
/// The summaries are read one by one, so one malformed race costs that race (reported in
/// ``NextRacesPage/skipped``), not the whole board. `next_to_go_ids` is ignored: its order for equal start
/// times is arbitrary, and the page sorts by (start, id) itself.
struct NextRacesResponse: Decodable {
    let page: NextRacesPage

    private enum CodingKeys: String, CodingKey {
        case data
    }

    private enum DataKeys: String, CodingKey {
        case raceSummaries = "race_summaries"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let data = try container.nestedContainer(keyedBy: DataKeys.self, forKey: .data)
        let summaries = try data.decodeIfPresent([String: Lossy<WireRaceSummary>].self, forKey: .raceSummaries) ?? [:]
        var races: [Race] = []
        var skipped: [SkippedRace] = []
        for (key, summary) in summaries {
            switch summary.result {
            case .success(let wire):
                races.append(wire.race(key: key))
            case .failure(let failure):
                skipped.append(SkippedRace(raceID: key, reason: failure.description))
            }
        }
        page = NextRacesPage(races: races, skipped: skipped)
    }
}

/// One entry of `race_summaries` as sent.
struct WireRaceSummary: Decodable {
    let raceID: String?
    let raceName: String?
    let raceNumber: Int
    let meetingID: String?
    let meetingName: String?
    let categoryID: String?
    let advertisedStart: Date
    let venueID: String?
    let venueName: String?
    let venueState: String?
    let venueCountry: String?
    let form: RaceForm?

    private enum CodingKeys: String, CodingKey {
        case raceID = "race_id"
        case raceName = "race_name"
        case raceNumber = "race_number"
        case meetingID = "meeting_id"
        case meetingName = "meeting_name"
        case categoryID = "category_id"
        case advertisedStart = "advertised_start"
        case raceForm = "race_form"
        case venueID = "venue_id"
        case venueName = "venue_name"
        case venueState = "venue_state"
        case venueCountry = "venue_country"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        raceNumber = try container.decode(FlexibleInt.self, forKey: .raceNumber).value
        advertisedStart = try container.decode(AdvertisedStart.self, forKey: .advertisedStart).date
        raceID = container.decodeLenient(String.self, forKey: .raceID).nonEmpty
        raceName = container.decodeLenient(String.self, forKey: .raceName).nonEmpty
        meetingID = container.decodeLenient(String.self, forKey: .meetingID).nonEmpty
        meetingName = container.decodeLenient(String.self, forKey: .meetingName).nonEmpty
        venueName = container.decodeLenient(String.self, forKey: .venueName).nonEmpty
        guard meetingName != nil || venueName != nil else {
            throw DecodingError.keyNotFound(
                CodingKeys.meetingName,
                DecodingError.Context(
                    codingPath: container.codingPath, debugDescription: "neither meeting_name nor venue_name is set"))
        }
        categoryID = container.decodeLenient(String.self, forKey: .categoryID)
        venueID = container.decodeLenient(String.self, forKey: .venueID).nonEmpty
        venueState = container.decodeLenient(String.self, forKey: .venueState).nonEmpty
        venueCountry = container.decodeLenient(String.self, forKey: .venueCountry).nonEmpty
        form = container.decodeLenient(WireRaceForm.self, forKey: .raceForm)?.form
    }

    /// The race, with the dictionary key as its id when `race_id` is missing.
    func race(key: String) -> Race {
        let meeting = meetingName ?? venueName ?? ""
        return Race(
            id: raceID ?? key, name: raceName ?? "Race \(raceNumber)", number: raceNumber, meetingID: meetingID ?? "",
            meetingName: meeting, category: RaceCategory(id: categoryID ?? ""), advertisedStart: advertisedStart,
            venueID: venueID, venueName: venueName ?? meeting, venueState: venueState, venueCountry: venueCountry,
            form: form)
    }
}

/// `advertised_start`: `{"seconds": Int}` (protobuf Timestamp style) as recorded; related endpoints send an
/// ISO 8601 string, and a bare number of epoch seconds costs nothing to accept.
struct AdvertisedStart: Decodable {
    let date: Date

    private enum CodingKeys: String, CodingKey {
        case seconds
        case nanos
    }

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: CodingKeys.self) {
            let seconds = try container.decode(FlexibleInt.self, forKey: .seconds).value
            let nanos = container.decodeLenient(Int.self, forKey: .nanos) ?? 0
            date = Date(timeIntervalSince1970: TimeInterval(seconds) + TimeInterval(nanos) / 1e9)
            return
        }
        let single = try decoder.singleValueContainer()
        if let seconds = try? single.decode(Int.self) {
            date = Date(timeIntervalSince1970: TimeInterval(seconds))
        } else if let text = try? single.decode(String.self), let parsed = ISO8601.date(text) {
            date = parsed
        } else {
            throw DecodingError.dataCorruptedError(
                in: single, debugDescription: "expected {\"seconds\": Int}, epoch seconds or an ISO 8601 time")
        }
    }
}

/// `race_form` as sent; every field is read leniently, so an odd form never costs the race.
struct WireRaceForm: Decodable {
    let form: RaceForm

    private enum CodingKeys: String, CodingKey {
        case distance
        case distanceType = "distance_type"
        case trackCondition = "track_condition"
        case weather
        case raceComment = "race_comment"
        case additionalData = "additional_data"
    }

    struct Named: Decodable {
        let name: String?
        let shortName: String?

        private enum CodingKeys: String, CodingKey {
            case name
            case shortName = "short_name"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = container.decodeLenient(String.self, forKey: .name).nonEmpty
            shortName = container.decodeLenient(String.self, forKey: .shortName).nonEmpty
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let additional = container.decodeEmbeddedJSONIfPresent(WireAdditionalData.self, forKey: .additionalData)
        form = RaceForm(
            distance: container.decodeLenient(FlexibleInt.self, forKey: .distance)?.value,
            distanceUnit: container.decodeLenient(Named.self, forKey: .distanceType)?.shortName,
            trackCondition: container.decodeLenient(Named.self, forKey: .trackCondition)?.name,
            weather: container.decodeLenient(Named.self, forKey: .weather)?.name,
            comment: container.decodeLenient(String.self, forKey: .raceComment).nonEmpty,
            details: additional?.details)
    }
}

/// The document inside `additional_data`: `{"revealed_race_info": {...}}` with a varying key set.
struct WireAdditionalData: Decodable {
    let details: RaceDetails?

    private enum CodingKeys: String, CodingKey {
        case revealedRaceInfo = "revealed_race_info"
    }

    private enum InfoKeys: String, CodingKey {
        case trackName = "track_name"
        case raceClass = "class"
        case startType = "start_type"
        case gait
        case group
        case railPosition = "rail_position"
        case trackDirection = "track_direction"
        case trackSurface = "track_surface"
        case trackCircumference = "track_circumference"
        case homeStraight = "track_home_straight_metres"
        case prizemonies
        case time
    }

    private struct PrizeMoney: Decodable {
        let total: Amount?

        private enum CodingKeys: String, CodingKey {
            case total = "total_value"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            // A number or a numeric string; an odd one leaves the prize unknown rather than costing the race.
            total = container.decodeLenient(Amount.self, forKey: .total)
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let info = try? container.nestedContainer(keyedBy: InfoKeys.self, forKey: .revealedRaceInfo) else {
            details = nil
            return
        }
        func text(_ key: InfoKeys) -> String? { info.decodeLenient(String.self, forKey: key).nonEmpty }
        func positive(_ key: InfoKeys) -> Int? {
            info.decodeLenient(FlexibleInt.self, forKey: key).map(\.value).flatMap { $0 > 0 ? $0 : nil }
        }
        let time = text(.time).flatMap(ISO8601.date).flatMap { $0.timeIntervalSince1970 > 0 ? $0 : nil }
        details = RaceDetails(
            trackName: text(.trackName), raceClass: text(.raceClass), startType: text(.startType), gait: text(.gait),
            group: text(.group), railPosition: text(.railPosition), trackDirection: text(.trackDirection),
            trackSurface: text(.trackSurface), trackCircumference: positive(.trackCircumference),
            homeStraightMetres: positive(.homeStraight),
            prizeMoney: info.decodeLenient(PrizeMoney.self, forKey: .prizemonies)?.total, time: time)
    }
}

/// ISO 8601 times as the service writes them (`2026-01-15T01:18:00Z`, with or without fractions).
enum ISO8601 {
    static func date(_ text: String) -> Date? {
        if let date = utcSeconds(text) { return date }
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }

    /// The service's usual form, `2026-01-15T01:18:00Z`, read directly: the format styles build a Gregorian
    /// calendar on first use, a few percent of a `races next` run. Anything else is left to them.
    static func utcSeconds(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let date = CalendarDate(iso8601: String(decoding: bytes[0..<10], as: UTF8.self)),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let seconds = ((date.dayNumber * 24 + hour) * 60 + minute) * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}

extension Optional where Wrapped == String {
    /// nil for nil, empty or all-blank text: the service sends "" for "not known".
    /// Stops at the first visible character: `trimmingCharacters` copies the text through `NSString`, which
    /// for the long race comments was an eighth of a `races next` run.
    fileprivate var nonEmpty: String? {
        guard let self, self.unicodeScalars.contains(where: { !CharacterSet.whitespaces.contains($0) }) else {
            return nil
        }
        return self
    }
}
