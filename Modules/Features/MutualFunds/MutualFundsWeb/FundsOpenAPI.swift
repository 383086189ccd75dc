import FeatureKit
import FeatureWeb
import MutualFunds

/// The JSON routes' schemas, property by property as ``MutualFunds/SchemeRow`` and
/// ``MutualFunds/FundShowReport`` encode: every key is always present, an absent figure is `null`.
enum FundsOpenAPI {
    static let paths: [String: JSONValue] = [
        "/api/funds/search": .openAPIGet(
            "Scheme search, as `folio funds search TERMS --format json`. An unknown category, plan or option, or a "
                + "limit outside 1…10000, is refused with 422 naming the field.",
            query: ["q", "category", "house", "plan", "option", "limit"], response: OpenAPISchema.array(schemeRow)),
        "/api/funds/{code}": .openAPIGet(
            "A scheme, as `folio funds show CODE --format json`. `range` is one of "
                + HistoryRange.allCases.map(\.rawValue).joined(separator: ", ") + " (default 1Y); another is refused "
                + "with 422 naming `range`; an unknown scheme is 404. When the MF API is unavailable and nothing of the "
                + "scheme is cached, the latest NAV comes from AMFI's daily file (`latestNAVSource: \"amfi\"`, the MF "
                + "API's failure in `mfapiFailure`, every history figure null); 503 when AMFI cannot stand in either.",
            query: ["range"], path: ["code"], response: showReport),
    ]

    static func choice<Value: CaseIterable & RawRepresentable>(_ type: Value.Type) -> JSONValue
    where Value.RawValue == String {
        OpenAPISchema.oneOf(Value.allCases.map(\.rawValue))
    }

    static let schemeRow = OpenAPISchema.record([
        "code": OpenAPISchema.integer, "name": OpenAPISchema.string,
        "fundHouse": OpenAPISchema.nullable(OpenAPISchema.string),
        "category": OpenAPISchema.nullable(choice(AssetClass.self)), "plan": OpenAPISchema.nullable(choice(Plan.self)),
        "option": OpenAPISchema.nullable(choice(PayoutOption.self)),
        "isinGrowth": OpenAPISchema.nullable(OpenAPISchema.string),
        "isinDivReinvestment": OpenAPISchema.nullable(OpenAPISchema.string),
    ])

    static let periodReturn = OpenAPISchema.record([
        "absolute": OpenAPISchema.number, "annualized": OpenAPISchema.nullable(OpenAPISchema.number),
        "fromDate": OpenAPISchema.date, "toDate": OpenAPISchema.date,
    ])

    static let showReport = OpenAPISchema.record([
        "code": OpenAPISchema.integer, "name": OpenAPISchema.string,
        "fundHouse": OpenAPISchema.nullable(OpenAPISchema.string),
        "category": OpenAPISchema.nullable(choice(AssetClass.self)),
        "schemeCategory": OpenAPISchema.nullable(OpenAPISchema.string),
        "plan": OpenAPISchema.nullable(choice(Plan.self)), "option": OpenAPISchema.nullable(choice(PayoutOption.self)),
        "isinGrowth": OpenAPISchema.nullable(OpenAPISchema.string),
        "isinDivReinvestment": OpenAPISchema.nullable(OpenAPISchema.string),
        "nav": OpenAPISchema.number, "navDate": OpenAPISchema.date, "navAgeDays": OpenAPISchema.integer,
        "dailyChange": OpenAPISchema.nullable(OpenAPISchema.number),
        "dailyChangePercent": OpenAPISchema.nullable(OpenAPISchema.number),
        "returns": OpenAPISchema.record(
            Dictionary(
                uniqueKeysWithValues: ReturnPeriod.allCases.map { ($0.rawValue, OpenAPISchema.nullable(periodReturn)) })
        ),
        "range": choice(HistoryRange.self),
        "volatility": OpenAPISchema.nullable(OpenAPISchema.number),
        "maxDrawdown": OpenAPISchema.nullable(
            OpenAPISchema.record([
                "value": OpenAPISchema.number, "peakDate": OpenAPISchema.nullable(OpenAPISchema.date),
                "troughDate": OpenAPISchema.nullable(OpenAPISchema.date),
            ])),
        "sharpe": OpenAPISchema.nullable(OpenAPISchema.number), "riskFreeRate": OpenAPISchema.number,
        "stale": OpenAPISchema.boolean, "asOf": OpenAPISchema.dateTime,
        "staleReason": OpenAPISchema.nullable(OpenAPISchema.string), "skippedRows": OpenAPISchema.integer,
        // Keyed by the figures that are null (periods, volatility, maxDrawdown, sharpe): only those present.
        "unavailable": .object(["type": .string("object"), "additionalProperties": OpenAPISchema.string]),
        // `amfi` when the MF API was unavailable and AMFI's daily file gave the latest NAV (history figures null).
        "latestNAVSource": choice(NAVSource.self), "mfapiFailure": OpenAPISchema.nullable(OpenAPISchema.string),
    ])
}
