import Money
import MutualFunds
import Timing

/// One matched lot with its gain: a row of `funds portfolio gains` (casparser's gains CSV columns, camelCase).
public struct GainRow: Codable, Sendable, Hashable {
    /// The Indian financial year of the sale: `2021-22`.
    public var financialYear: String
    /// The scheme's name.
    public var scheme: String
    /// Its ISIN.
    @NullEncodable public var isin: String?
    /// The folio.
    public var folio: String
    /// `equity`, `debt` or `other`.
    public var treatment: TaxTreatment
    /// What decided the treatment: `override` (this report's `--treat-as`), `set` (stored with `portfolio
    /// treat-as`), `statement`, `stt`, `category` or `assumed`.
    public var treatmentBasis: TreatmentBasis
    /// `long` or `short`.
    public var term: String
    /// Units.
    public var units: Amount
    /// `YYYY-MM-DD`.
    public var purchaseDate: String
    /// The purchase NAV.
    public var purchaseNAV: Amount
    /// Units × purchase NAV, to the paisa.
    public var purchaseValue: Amount
    /// The purchase's stamp duty allotted to these units.
    public var stampDuty: Amount
    /// The cost after grandfathering or indexation (purchase value + stamp duty otherwise).
    public var acquisitionValue: Amount
    /// `YYYY-MM-DD`.
    public var saleDate: String
    /// The sale NAV.
    public var saleNAV: Amount
    /// Units × sale NAV, to the paisa.
    public var saleValue: Amount
    /// The sale's STT allotted to these units (shown, not deducted).
    public var stt: Amount
    /// Realised long-term gain: sale value − (purchase value + stamp duty); 0 when short-term.
    public var longTermGain: Amount
    /// Taxable long-term gain: sale value − acquisition value (0 for equity sold before 1-Apr-2018).
    public var longTermTaxableGain: Amount
    /// Realised short-term gain; 0 when long-term.
    public var shortTermGain: Amount
    /// The NAV of 31-Jan-2018 used to grandfather the cost, when it was.
    @NullEncodable public var grandfatheringNAV: Amount?

    /// The CSV columns.
    public static let columns = [
        "financialYear", "scheme", "isin", "folio", "treatment", "treatmentBasis", "term", "units", "purchaseDate",
        "purchaseNAV", "purchaseValue", "stampDuty", "acquisitionValue", "saleDate", "saleNAV", "saleValue", "stt",
        "longTermGain",
        "longTermTaxableGain", "shortTermGain", "grandfatheringNAV",
    ]

    /// The row for `lot` of `scheme` under `treatment` (decided by `basis`); `navOn31Jan2018` grandfathers equity
    /// lots bought by then (without it the fair market value is the purchase value, as casparser takes it).
    public init(
        lot: MatchedLot, scheme: HeldScheme, treatment: TaxTreatment, basis: TreatmentBasis, navOn31Jan2018: Amount?
    ) throws {
        financialYear = TaxRules.financialYear(of: lot.saleDate)
        self.scheme = scheme.name
        isin = scheme.isin
        folio = scheme.folio
        self.treatment = treatment
        treatmentBasis = basis
        let long = TaxRules.isLongTerm(treatment, purchase: lot.purchaseDate, sale: lot.saleDate)
        term = long ? "long" : "short"
        units = lot.units
        purchaseDate = lot.purchaseDate.iso8601
        purchaseNAV = lot.purchaseNAV
        purchaseValue = lot.purchaseValue
        stampDuty = lot.stampDuty
        saleDate = lot.saleDate.iso8601
        saleNAV = lot.saleNAV
        saleValue = lot.saleValue
        stt = lot.stt
        let cost = try lot.purchaseValue + lot.stampDuty
        switch treatment {
        case .equity where lot.purchaseDate <= TaxRules.grandfatheringDate:
            if lot.saleDate < TaxRules.equityTaxFrom {
                acquisitionValue = lot.saleValue
            } else {
                let fairValue = try navOn31Jan2018.map { try $0 * lot.units } ?? lot.purchaseValue
                grandfatheringNAV = navOn31Jan2018
                // Rounded like every other figure of the lot, so taxable = sale − acquisition holds to the paisa.
                acquisitionValue = max(cost, min(fairValue, lot.saleValue)).rounded(toPlaces: 2, .halfEven)
            }
        case .equity: acquisitionValue = cost
        case .debt, .other:
            if long && TaxRules.isIndexed(treatment, sale: lot.saleDate) {
                acquisitionValue = try (cost * TaxRules.cii(of: lot.saleDate)).divided(
                    by: TaxRules.cii(of: lot.purchaseDate), places: 2, rounding: .halfEven)
            } else {
                acquisitionValue = cost
            }
        }
        let gain = try lot.saleValue - cost
        longTermGain = long ? gain : .zero
        shortTermGain = long ? .zero : gain
        longTermTaxableGain = long ? try lot.saleValue - acquisitionValue : .zero
    }
}
