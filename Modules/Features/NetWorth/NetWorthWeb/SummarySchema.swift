import FeatureKit
import FeatureWeb
import NetWorth

/// The OpenAPI schemas of the report values the net-worth routes return, property for property as the JSON
/// encoder writes them: every key always present, absent figures as `null` (hence required and nullable).
enum NetWorthSchema {
    static let trend = OpenAPISchema.oneOf(["positive", "negative", "none"])

    /// ``ChangeReport``.
    static let change = OpenAPISchema.record([
        "previous": OpenAPISchema.number, "current": OpenAPISchema.number, "change": OpenAPISchema.number,
        "changePercent": OpenAPISchema.nullable(OpenAPISchema.number), "trend": trend,
    ])

    /// ``PortfolioChangeReport``.
    static let portfolioChange = OpenAPISchema.record([
        "latestDate": OpenAPISchema.date, "previousDate": OpenAPISchema.date, "netWorth": change, "assets": change,
        "debts": change,
    ])

    /// ``SummaryAccount``.
    static let account = OpenAPISchema.record([
        "name": OpenAPISchema.string, "type": OpenAPISchema.oneOf(AccountType.allCases.map(\.rawValue)),
        "debt": OpenAPISchema.boolean, "currency": OpenAPISchema.string, "counted": OpenAPISchema.boolean,
        "excludedBecause": OpenAPISchema.nullable(OpenAPISchema.string),
        "unvaluedBecause": OpenAPISchema.nullable(OpenAPISchema.string),
        "balance": OpenAPISchema.nullable(OpenAPISchema.number), "value": OpenAPISchema.nullable(OpenAPISchema.number),
        "lastUpdate": OpenAPISchema.nullable(OpenAPISchema.date),
        "previousBalance": OpenAPISchema.nullable(OpenAPISchema.number),
        "change": OpenAPISchema.nullable(OpenAPISchema.number),
        "changePercent": OpenAPISchema.nullable(OpenAPISchema.number), "trend": OpenAPISchema.nullable(trend),
        "source": OpenAPISchema.nullable(OpenAPISchema.string),
        "sourceStatus": OpenAPISchema.nullable(
            OpenAPISchema.oneOf(["live", "stale", "unavailable", "nothing", "recorded"])),
        "sourceAsOf": OpenAPISchema.nullable(OpenAPISchema.dateTime),
        "sourceProblem": OpenAPISchema.nullable(OpenAPISchema.string),
    ])

    /// ``ConversionReport``.
    static let conversion = OpenAPISchema.record([
        "currency": OpenAPISchema.string, "method": OpenAPISchema.oneOf(["direct", "inverse", "cross"]),
        "via": OpenAPISchema.nullable(OpenAPISchema.string), "rate": OpenAPISchema.number,
        "explanation": OpenAPISchema.string,
    ])

    /// ``SummaryReport``.
    static let summary = OpenAPISchema.record([
        "asOf": OpenAPISchema.date, "currency": OpenAPISchema.string, "includePensions": OpenAPISchema.boolean,
        "includeMortgages": OpenAPISchema.boolean, "netWorth": OpenAPISchema.number, "assets": OpenAPISchema.number,
        "debts": OpenAPISchema.number, "changeSinceLastUpdate": OpenAPISchema.nullable(portfolioChange),
        "accounts": OpenAPISchema.array(account), "conversions": OpenAPISchema.array(conversion),
        "warnings": OpenAPISchema.array(OpenAPISchema.string),
    ])

    /// ``AccountListing``.
    static let listing = OpenAPISchema.record([
        "name": OpenAPISchema.string, "type": OpenAPISchema.oneOf(AccountType.allCases.map(\.rawValue)),
        "debt": OpenAPISchema.boolean, "currency": OpenAPISchema.string, "included": OpenAPISchema.boolean,
        "createdOn": OpenAPISchema.date, "note": OpenAPISchema.nullable(OpenAPISchema.string),
        "balance": OpenAPISchema.nullable(OpenAPISchema.number),
        "lastUpdate": OpenAPISchema.nullable(OpenAPISchema.date),
        "previousBalance": OpenAPISchema.nullable(OpenAPISchema.number),
        "previousUpdate": OpenAPISchema.nullable(OpenAPISchema.date),
        "change": OpenAPISchema.nullable(OpenAPISchema.number),
        "changePercent": OpenAPISchema.nullable(OpenAPISchema.number), "trend": OpenAPISchema.nullable(trend),
        "updates": OpenAPISchema.integer, "source": OpenAPISchema.nullable(OpenAPISchema.string),
        "linkedOn": OpenAPISchema.nullable(OpenAPISchema.date),
        "sourceStatus": OpenAPISchema.nullable(OpenAPISchema.oneOf(["live", "stale", "unavailable", "nothing"])),
        "sourceValue": OpenAPISchema.nullable(OpenAPISchema.number),
        "sourceAsOf": OpenAPISchema.nullable(OpenAPISchema.dateTime),
        "sourceProblem": OpenAPISchema.nullable(OpenAPISchema.string),
    ])

    /// ``HistoryEntry``.
    static let historyEntry = OpenAPISchema.record([
        "date": OpenAPISchema.date, "balance": OpenAPISchema.number,
        "change": OpenAPISchema.nullable(OpenAPISchema.number),
        "changePercent": OpenAPISchema.nullable(OpenAPISchema.number), "trend": OpenAPISchema.nullable(trend),
        "note": OpenAPISchema.nullable(OpenAPISchema.string),
    ])

    /// ``ReportJSONRow``: the fixed keys always present; the account keys vary with the store, so any other key is
    /// an account's value (null before its first update).
    static let reportRow: JSONValue = {
        guard
            case .object(var members) = OpenAPISchema.record([
                "period": OpenAPISchema.string, "date": OpenAPISchema.date, "currency": OpenAPISchema.string,
                "assets": OpenAPISchema.number, "debts": OpenAPISchema.number, "netWorth": OpenAPISchema.number,
                "change": OpenAPISchema.nullable(OpenAPISchema.number),
                "changePercent": OpenAPISchema.nullable(OpenAPISchema.number),
            ])
        else { return OpenAPISchema.anyObject }
        members["additionalProperties"] = OpenAPISchema.nullable(OpenAPISchema.number)
        return .object(members)
    }()

    /// ``RateRow``.
    static let rate = OpenAPISchema.record([
        "currency": OpenAPISchema.string, "base": OpenAPISchema.string, "date": OpenAPISchema.date,
        "rate": OpenAPISchema.number,
    ])

    /// ``SettingsRow``.
    static let settings = OpenAPISchema.record([
        "includePensions": OpenAPISchema.boolean, "includeMortgages": OpenAPISchema.boolean,
        "baseCurrency": OpenAPISchema.string,
    ])
}
