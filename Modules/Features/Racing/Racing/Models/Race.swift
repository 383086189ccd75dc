import Foundation
import Money

/// One race on the next-to-go board, as folio keeps it: what the service said, normalised.
public struct Race: Sendable, Hashable, Codable, Identifiable {
    /// The service's race id (a UUID).
    public var id: String
    /// The race's name, e.g. "Race 9" or "Schweppes Pace".
    public var name: String
    /// The race's number at its meeting.
    public var number: Int
    /// The meeting's id.
    public var meetingID: String
    /// The meeting's name, e.g. "Albion Park".
    public var meetingName: String
    /// The racing code.
    public var category: RaceCategory
    /// When the race is advertised to start; the service's `advertised_start` is authoritative.
    public var advertisedStart: Date
    /// The venue's id, when sent.
    public var venueID: String?
    /// The venue's name.
    public var venueName: String
    /// The venue's state or region code as sent ("VIC", "NZ", "GBR", "KY"), when sent.
    public var venueState: String?
    /// The venue's country code as sent ("AUS", "NZ", "UK", "USA"), when sent.
    public var venueCountry: String?
    /// The form guide's summary, when the service sent a readable one.
    public var form: RaceForm?

    /// Creates a race.
    public init(
        id: String, name: String, number: Int, meetingID: String = "", meetingName: String, category: RaceCategory,
        advertisedStart: Date, venueID: String? = nil, venueName: String? = nil, venueState: String? = nil,
        venueCountry: String? = nil, form: RaceForm? = nil
    ) {
        self.id = id
        self.name = name
        self.number = number
        self.meetingID = meetingID
        self.meetingName = meetingName
        self.category = category
        self.advertisedStart = advertisedStart
        self.venueID = venueID
        self.venueName = venueName ?? meetingName
        self.venueState = venueState
        self.venueCountry = venueCountry
        self.form = form
    }

    /// The distance in metres, when the form guide gives one.
    public var distance: Int? { form?.distance }

    /// Whole seconds from `now` until the advertised start, rounded down (negative once started), so a
    /// countdown never shows a second that has not fully begun.
    public func secondsToStart(at now: Date) -> Int {
        Int(advertisedStart.timeIntervalSince(now).rounded(.down))
    }
}

/// The parts of a race's form guide folio shows. Every field is optional: the service leaves out
/// weather, track condition and comments for some races.
public struct RaceForm: Sendable, Hashable, Codable {
    /// The distance in metres.
    public var distance: Int?
    /// The distance unit's short name, e.g. "m".
    public var distanceUnit: String?
    /// The track condition as named by the service, e.g. "Good4", "Soft5".
    public var trackCondition: String?
    /// The weather as named by the service; its case varies ("FINE", "Fine").
    public var weather: String?
    /// The tipster's comment.
    public var comment: String?
    /// The extra details from `additional_data`, when that embedded document could be read.
    public var details: RaceDetails?

    /// Creates a form summary.
    public init(
        distance: Int? = nil, distanceUnit: String? = nil, trackCondition: String? = nil, weather: String? = nil,
        comment: String? = nil, details: RaceDetails? = nil
    ) {
        self.distance = distance
        self.distanceUnit = distanceUnit
        self.trackCondition = trackCondition
        self.weather = weather
        self.comment = comment
        self.details = details
    }
}

/// The "revealed race info" the service embeds as a JSON string in `race_form.additional_data`.
///
/// Its key set varies from race to race, so every field is optional and empty strings read as absent.
public struct RaceDetails: Sendable, Hashable, Codable {
    /// The track's name.
    public var trackName: String?
    /// The class, e.g. "BM66", "NW750PSLC".
    public var raceClass: String?
    /// "Mobile", "Standing" or "Walk-up" (harness).
    public var startType: String?
    /// The gait: "P", "T", "H" or "Gallop".
    public var gait: String?
    /// The group or listing, e.g. "Group 1".
    public var group: String?
    /// The rail position.
    public var railPosition: String?
    /// "Left" or "Right".
    public var trackDirection: String?
    /// The surface, e.g. "Turf", "All Weather".
    public var trackSurface: String?
    /// The track's circumference in metres (absent when the service sends 0).
    public var trackCircumference: Int?
    /// The home straight in metres (absent when the service sends 0).
    public var homeStraightMetres: Int?
    /// The total prize money, in the meeting's currency.
    public var prizeMoney: Amount?
    /// The start time in this document; it can differ from the advertised start by minutes, and the
    /// placeholder 1970-01-01 reads as absent. Informational only.
    public var time: Date?

    /// Creates details.
    public init(
        trackName: String? = nil, raceClass: String? = nil, startType: String? = nil, gait: String? = nil,
        group: String? = nil, railPosition: String? = nil, trackDirection: String? = nil, trackSurface: String? = nil,
        trackCircumference: Int? = nil, homeStraightMetres: Int? = nil, prizeMoney: Amount? = nil, time: Date? = nil
    ) {
        self.trackName = trackName
        self.raceClass = raceClass
        self.startType = startType
        self.gait = gait
        self.group = group
        self.railPosition = railPosition
        self.trackDirection = trackDirection
        self.trackSurface = trackSurface
        self.trackCircumference = trackCircumference
        self.homeStraightMetres = homeStraightMetres
        self.prizeMoney = prizeMoney
        self.time = time
    }
}
