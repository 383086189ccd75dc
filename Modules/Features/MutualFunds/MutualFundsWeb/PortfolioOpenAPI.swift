import FeatureKit
import FeatureWeb
import MutualFunds
import MutualFundsPortfolio

/// The portfolio routes' schemas, property by property as ``MutualFunds/PortfolioReport``,
/// ``MutualFunds/GainRow``, ``MutualFunds/GainsSummaryRow`` and ``MutualFunds/TransactionRow`` encode (every key present, absent figures null).
enum PortfolioOpenAPI {
    static let paths: [String: JSONValue] = [
        "/api/funds/portfolio": .openAPIGet(
            "The stored portfolio valued, as `folio funds portfolio --format json`; `asOf` (YYYY-MM-DD) values it at "
                + "the NAVs on or before that date; a malformed one is refused with 422 naming `asOf`.",
            query: ["asOf"], response: report),
        "/api/funds/portfolio/gains": .openAPIGet(
            "Capital gains, first in first out, as `folio funds portfolio gains --format json` (every lot), or "
                + "with `summary=true` as `--summary` (per financial year and scheme); `fy` (2024-25) keeps one "
                + "financial year. A malformed `fy` or `summary` is refused with 422 naming it.",
            query: ["fy", "summary"],
            // One array type either way: its items are lots, or summary rows with `summary=true`.
            response: OpenAPISchema.array(.object(["anyOf": .array([gainRow, summaryRow])]))),
        "/api/funds/portfolio/transactions": .openAPIGet(
            "Every stored transaction by folio, scheme and date, each with the id `remove` takes, as "
                + "`folio funds portfolio transactions --format json`; units and amounts leaving a folio are negative.",
            response: OpenAPISchema.array(transaction)),
    ]

    static let money = OpenAPISchema.number
    static let treatment = FundsOpenAPI.choice(TaxTreatment.self)
    /// What decided the treatment: `override` and `set` are a person's choice, the rest the rules'.
    static let basis = FundsOpenAPI.choice(TreatmentBasis.self)

    static let holding = OpenAPISchema.record([
        "folio": OpenAPISchema.string, "scheme": OpenAPISchema.string,
        "isin": OpenAPISchema.nullable(OpenAPISchema.string), "code": OpenAPISchema.nullable(OpenAPISchema.integer),
        "units": money, "invested": money, "nav": OpenAPISchema.nullable(money),
        "navDate": OpenAPISchema.nullable(OpenAPISchema.date), "value": OpenAPISchema.nullable(money),
        "gain": OpenAPISchema.nullable(money), "xirr": OpenAPISchema.nullable(OpenAPISchema.number),
        "category": OpenAPISchema.nullable(FundsOpenAPI.choice(AssetClass.self)),
        "fundHouse": OpenAPISchema.nullable(OpenAPISchema.string),
        "plan": OpenAPISchema.nullable(FundsOpenAPI.choice(Plan.self)), "treatAs": OpenAPISchema.nullable(treatment),
        "source": OpenAPISchema.nullable(OpenAPISchema.oneOf(["amfi", "mfapi"])), "stale": OpenAPISchema.boolean,
        "reconciled": OpenAPISchema.boolean, "note": OpenAPISchema.nullable(OpenAPISchema.string),
    ])

    static let allocationRow = OpenAPISchema.record([
        "name": OpenAPISchema.string, "value": money, "fraction": OpenAPISchema.number,
    ])

    static let report = OpenAPISchema.record([
        "asOf": OpenAPISchema.nullable(OpenAPISchema.date), "holdings": OpenAPISchema.array(holding),
        "invested": money, "value": money, "gain": money, "xirr": OpenAPISchema.nullable(OpenAPISchema.number),
        "allocation": OpenAPISchema.record([
            "category": OpenAPISchema.array(allocationRow), "fundHouse": OpenAPISchema.array(allocationRow),
            "plan": OpenAPISchema.array(allocationRow),
        ]),
        "stale": OpenAPISchema.boolean, "warnings": OpenAPISchema.array(OpenAPISchema.string),
    ])

    static let gainRow = OpenAPISchema.record([
        "financialYear": OpenAPISchema.string, "scheme": OpenAPISchema.string,
        "isin": OpenAPISchema.nullable(OpenAPISchema.string), "folio": OpenAPISchema.string, "treatment": treatment,
        "treatmentBasis": basis, "term": OpenAPISchema.oneOf(["long", "short"]), "units": money, "purchaseDate": OpenAPISchema.date,
        "purchaseNAV": money, "purchaseValue": money, "stampDuty": money, "acquisitionValue": money,
        "saleDate": OpenAPISchema.date, "saleNAV": money, "saleValue": money, "stt": money, "longTermGain": money,
        "longTermTaxableGain": money, "shortTermGain": money, "grandfatheringNAV": OpenAPISchema.nullable(money),
    ])

    static let transaction = OpenAPISchema.record([
        "id": OpenAPISchema.string, "folio": OpenAPISchema.string, "scheme": OpenAPISchema.string,
        "isin": OpenAPISchema.nullable(OpenAPISchema.string), "code": OpenAPISchema.nullable(OpenAPISchema.integer),
        "date": OpenAPISchema.date, "type": OpenAPISchema.string, "description": OpenAPISchema.string,
        "amount": OpenAPISchema.nullable(money), "units": OpenAPISchema.nullable(money),
        "nav": OpenAPISchema.nullable(money), "balance": OpenAPISchema.nullable(money),
        "reconciled": OpenAPISchema.boolean,
    ])

    static let summaryRow = OpenAPISchema.record([
        "financialYear": OpenAPISchema.string, "scheme": OpenAPISchema.string,
        "isin": OpenAPISchema.nullable(OpenAPISchema.string), "folio": OpenAPISchema.string, "treatment": treatment,
        "treatmentBasis": basis, "longTermGain": money, "longTermTaxableGain": money, "shortTermGain": money,
    ])
}
