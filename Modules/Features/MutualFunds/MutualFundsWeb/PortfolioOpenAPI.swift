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
        "/api/funds/portfolio/tax": .openAPIGet(
            "A financial year's capital-gains tax, as `folio funds portfolio tax --fy FY --format json`: Schedule "
                + "112A rows (per lot with `details=true`), Schedule CG lines with set-off, exemption and tax at the "
                + "rates in force on each transfer (before surcharge and cess), losses brought and carried forward, "
                + "and gains by advance-tax period. `fy` (2024-25) is required; `slab` (30 or 30%) taxes short-term "
                + "gains of non-equity funds; `fmv` (`122639=24.6526`, several separated by commas) gives the NAV "
                + "of 31-Jan-2018 of a scheme whose history cannot be read, as `--fmv`. A missing or malformed one "
                + "is refused with 422 naming it.",
            query: ["fy", "slab", "details", "fmv"], response: taxReport),
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
        "navDate": OpenAPISchema.nullable(OpenAPISchema.date),
        "navAgeDays": OpenAPISchema.nullable(OpenAPISchema.integer),
        "navStatus": OpenAPISchema.nullable(OpenAPISchema.oneOf(["fresh", "stale", "inactive"])),
        "value": OpenAPISchema.nullable(money),
        "gain": OpenAPISchema.nullable(money), "xirr": OpenAPISchema.nullable(OpenAPISchema.number),
        "category": OpenAPISchema.nullable(FundsOpenAPI.choice(AssetClass.self)),
        "fundHouse": OpenAPISchema.nullable(OpenAPISchema.string),
        "plan": OpenAPISchema.nullable(FundsOpenAPI.choice(Plan.self)),
        "option": OpenAPISchema.nullable(FundsOpenAPI.choice(PayoutOption.self)),
        "treatAs": OpenAPISchema.nullable(treatment),
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
        "treatmentBasis": basis, "term": OpenAPISchema.oneOf(["long", "short"]), "units": money,
        "purchaseDate": OpenAPISchema.date,
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

    static let schedule112ARow = OpenAPISchema.record([
        "acquired": OpenAPISchema.oneOf(["BE", "AE"]),
        "transferred": OpenAPISchema.nullable(OpenAPISchema.oneOf(["BE", "AE"])),
        "isin": OpenAPISchema.nullable(OpenAPISchema.string), "name": OpenAPISchema.string, "units": money,
        "salePrice": money, "fullValue": money, "costWithoutIndexation": money, "costOfAcquisition": money,
        "lowerOfValueAndFMV": money, "fmvPerUnit": OpenAPISchema.nullable(money), "totalFMV": money,
        "transferExpenses": money, "totalDeductions": money, "balance": money,
        "folio": OpenAPISchema.nullable(OpenAPISchema.string),
        "purchaseDate": OpenAPISchema.nullable(OpenAPISchema.date),
        "saleDate": OpenAPISchema.nullable(OpenAPISchema.date),
    ])

    static let taxLine = OpenAPISchema.record([
        "head": FundsOpenAPI.choice(GainHead.self), "section": OpenAPISchema.string,
        "term": OpenAPISchema.oneOf(["long", "short"]), "transfers": OpenAPISchema.string,
        "rate": OpenAPISchema.nullable(money), "saleValue": money, "acquisitionValue": money, "gain": money,
        "setOff": money, "broughtForwardSetOff": money, "exemption": money, "taxable": money,
        "tax": OpenAPISchema.nullable(money),
    ])

    static let carriedLoss = OpenAPISchema.record([
        "financialYear": OpenAPISchema.string, "lastYear": OpenAPISchema.string, "shortTerm": money, "longTerm": money,
    ])

    static let taxReport = OpenAPISchema.record([
        "financialYear": OpenAPISchema.string, "schedule112A": OpenAPISchema.array(schedule112ARow),
        "lines": OpenAPISchema.array(taxLine), "broughtForward": OpenAPISchema.array(carriedLoss),
        "carriedForward": OpenAPISchema.array(carriedLoss), "exemptionLimit": money, "exemptionUsed": money,
        "slab": OpenAPISchema.nullable(money), "tax": money,
        "yearsWithSales": OpenAPISchema.array(OpenAPISchema.string),
        "advanceTax": OpenAPISchema.array(
            OpenAPISchema.record([
                "section": OpenAPISchema.string, "transfers": OpenAPISchema.string,
                "rate": OpenAPISchema.nullable(money), "amounts": OpenAPISchema.array(money),
            ])),
        "advanceTaxPeriods": OpenAPISchema.array(OpenAPISchema.string),
        "notes": OpenAPISchema.array(OpenAPISchema.string), "skipped": OpenAPISchema.array(OpenAPISchema.string),
        "dividends": OpenAPISchema.array(
            OpenAPISchema.record([
                "folio": OpenAPISchema.string, "scheme": OpenAPISchema.string,
                "isin": OpenAPISchema.nullable(OpenAPISchema.string), "paidOut": money, "reinvested": money,
                "tds": money,
            ])),
    ])
}
