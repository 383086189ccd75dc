import FeatureKit
import FeatureWeb

/// The OpenAPI description of `/api/races/next`, property by property as ``Racing/NextRacesReport`` encodes.
enum RacingOpenAPI {
    /// One race (``Racing/RaceEntry``): absent venue details and distance are encoded as null.
    static let race = OpenAPISchema.record([
        "raceId": OpenAPISchema.string, "meetingName": OpenAPISchema.string, "raceNumber": OpenAPISchema.integer,
        "raceName": OpenAPISchema.string, "category": OpenAPISchema.oneOf(["greyhound", "harness", "horse", "other"]),
        "advertisedStart": OpenAPISchema.dateTime, "secondsToStart": OpenAPISchema.integer,
        "venueCountry": OpenAPISchema.nullable(OpenAPISchema.string),
        "venueState": OpenAPISchema.nullable(OpenAPISchema.string),
        "distance": OpenAPISchema.nullable(OpenAPISchema.integer),
    ])

    /// A race the service listed that could not be read.
    static let skipped = OpenAPISchema.record(["raceID": OpenAPISchema.string, "reason": OpenAPISchema.string])

    /// The whole report: every property is always present, `failure` null unless a saved copy stands in for a
    /// failed fetch.
    static let report = OpenAPISchema.record([
        "races": OpenAPISchema.array(race), "count": OpenAPISchema.integer, "now": OpenAPISchema.dateTime,
        "asOf": OpenAPISchema.dateTime, "fromSavedCopy": OpenAPISchema.boolean, "isStale": OpenAPISchema.boolean,
        "failure": OpenAPISchema.nullable(OpenAPISchema.string), "skipped": OpenAPISchema.array(skipped),
        "exhausted": OpenAPISchema.boolean, "requestedCount": OpenAPISchema.integer,
    ])

    static let paths: [String: JSONValue] = [
        "/api/races/next": .openAPIGet(
            "The next races, as `folio races next --format json` prints them. An unknown category or country, or a "
                + "count outside 1–100, is refused (422, `field` names it).",
            query: ["count", "category", "country"], response: report)
    ]
}
