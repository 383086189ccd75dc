import FeatureKit
import FeatureWeb
import MutualFunds

/// The schemas of the NAV, rolling-return and cache routes, property by property as ``MutualFunds/NAVHistoryRow``,
/// ``MutualFunds/NAVOnDateReport``, ``MutualFunds/RollingReport`` and ``MutualFunds/CacheReport`` encode.
enum NAVOpenAPI {
    typealias S = OpenAPISchema

    static let paths: [String: JSONValue] = [
        "/api/funds/{code}/history": .openAPIGet(
            "A scheme's NAVs, oldest first, as `folio funds history CODE [--from DATE] [--to DATE] --format json`. "
                + "A malformed date, or `from` after `to`, is refused with 422 naming the field.",
            query: ["from", "to"], path: ["code"], response: S.array(S.record(["date": S.date, "nav": S.number]))),
        "/api/funds/{code}/nav": .openAPIGet(
            "The NAV on `on` (YYYY-MM-DD) or the nearest earlier one, else the latest NAV, as "
                + "`folio funds nav CODE [--on DATE] --format json`; a date before the first NAV is refused (409).",
            query: ["on"], path: ["code"], response: navOnDate),
        "/api/funds/{code}/rolling": .openAPIGet(
            "Rolling CAGRs over every full window, as `folio funds rolling CODE --window W --format json`; `window` is "
                + RollingWindow.allCases.map(\.rawValue).joined(separator: ", ") + " (default 3Y).",
            query: ["window"], path: ["code"], response: rolling),
        "/api/funds/cache": .openAPIGet(
            "What is cached, as `folio funds cache status --format json`.", response: cache),
    ]

    static let navOnDate = S.record([
        "code": S.integer, "name": S.string, "requestedDate": S.nullable(S.date), "date": S.date, "nav": S.number,
        "exact": S.boolean, "source": FundsOpenAPI.choice(NAVSource.self), "stale": S.boolean, "asOf": S.dateTime,
    ])

    static let extreme = S.record(["cagr": S.number, "fromDate": S.date, "toDate": S.date])

    static let rolling = S.record([
        "code": S.integer, "name": S.string, "window": FundsOpenAPI.choice(RollingWindow.self), "count": S.integer,
        "firstStart": S.date, "lastStart": S.date, "mean": S.number, "median": S.number, "min": extreme, "max": extreme,
        "negativeShare": S.number,
        // An unbounded bucket has no `lower` (or `upper`) key.
        "buckets": S.array(
            S.object(
                ["label": S.string, "lower": S.number, "upper": S.number, "count": S.integer, "share": S.number],
                required: ["label", "count", "share"])),
        "stale": S.boolean, "asOf": S.dateTime,
    ])

    static let cache = S.record([
        "list": S.nullable(
            S.record([
                "schemes": S.integer, "skippedRows": S.integer, "fetchedAt": S.dateTime,
                "expiresAt": S.nullable(S.dateTime),
                "stale": S.boolean,
            ])),
        "amfi": S.nullable(
            S.record([
                "date": S.nullable(S.date), "ageDays": S.nullable(S.integer), "schemes": S.integer,
                "skippedRows": S.integer,
                "fetchedAt": S.dateTime, "expiresAt": S.nullable(S.dateTime), "stale": S.boolean,
            ])),
        "histories": S.array(
            S.record([
                "code": S.integer, "name": S.string, "points": S.integer, "latestNAVDate": S.nullable(S.date),
                "fetchedAt": S.dateTime, "expiresAt": S.nullable(S.dateTime), "stale": S.boolean, "bytes": S.integer,
            ])),
        "favorites": S.integer, "listTTLSeconds": S.integer, "historyTTLSeconds": S.integer,
    ])
}
