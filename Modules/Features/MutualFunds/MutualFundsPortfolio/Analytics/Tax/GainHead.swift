import Money
import MutualFunds
import Timing

/// The provision that taxes a lot's gain, by its treatment and term.
public enum GainHead: String, Sendable, Hashable, Codable, CaseIterable {
    /// Short-term gains on equity-oriented units (s. 111A).
    case equityShortTerm
    /// Long-term gains on equity-oriented units from 1-Apr-2018 (s. 112A).
    case equityLongTerm
    /// Long-term gains on equity-oriented units before 1-Apr-2018: exempt (s. 10(38)).
    case equityLongTermExempt
    /// Short-term gains on other units: taxed with the rest of income at the slab rate.
    case otherShortTerm
    /// Long-term gains on other units (s. 112).
    case otherLongTerm

    /// The head of `row`.
    public init(_ row: GainRow) {
        let sale = CalendarDate(iso8601: row.saleDate) ?? TaxRules.equityTaxFrom
        switch (row.treatment.isNonEquity, row.term == "long") {
        case (false, false): self = .equityShortTerm
        case (false, true): self = sale < TaxRules.equityTaxFrom ? .equityLongTermExempt : .equityLongTerm
        case (true, false): self = .otherShortTerm
        case (true, true): self = .otherLongTerm
        }
    }

    /// The section of the Income-tax Act 1961 that taxes it.
    public var section: String {
        switch self {
        case .equityShortTerm: "111A"
        case .equityLongTerm: "112A"
        case .equityLongTermExempt: "10(38)"
        case .otherShortTerm: "slab"
        case .otherLongTerm: "112"
        }
    }

    /// Whether its gains are long-term (s. 70: long-term losses are set off only against long-term gains).
    public var isLongTerm: Bool { self == .equityLongTerm || self == .equityLongTermExempt || self == .otherLongTerm }

    /// Its gain on `row`: the taxable long-term gain (after grandfathering or indexation) or the short-term gain;
    /// for exempt lots the realised gain.
    public func gain(of row: GainRow) -> Amount {
        switch self {
        case .equityShortTerm, .otherShortTerm: row.shortTermGain
        case .equityLongTermExempt: row.longTermGain
        case .equityLongTerm, .otherLongTerm: row.longTermTaxableGain
        }
    }

    /// The rate in per cent on a transfer on `sale`, before surcharge and cess; nil for slab-rate gains when no
    /// slab is given.
    /// - s. 111A: 10 % from 1-Oct-2004, 15 % from 1-Apr-2008 (Finance Act 2008), 20 % from 23-Jul-2024 (Finance
    ///   (No. 2) Act 2024);
    /// - s. 112A: 10 % above the exemption, 12.5 % from 23-Jul-2024;
    /// - s. 112: 20 % after indexation, 12.5 % without it from 23-Jul-2024 (transfers to 10-Jul-2014 could instead
    ///   take 10 % without indexation under its proviso, which this estimate does not weigh);
    /// - s. 10(38): exempt.
    public func rate(sale: CalendarDate, slab: Amount?) -> Amount? {
        let from2024 = sale >= TaxRules.regime2024
        switch self {
        case .equityShortTerm:
            if from2024 { return Amount(20) }
            return sale < TaxGlossary.rate15From ? Amount(10) : Amount(15)
        case .equityLongTerm: return from2024 ? Amount(125, places: 1) : Amount(10)
        case .equityLongTermExempt: return .zero
        case .otherShortTerm: return slab
        case .otherLongTerm: return from2024 ? Amount(125, places: 1) : Amount(20)
        }
    }
}

/// Dates and amounts of the tax report beyond the holding-period rules.
public enum TaxGlossary {
    /// s. 111A's rate rose from 10 % to 15 % for transfers from this day (Finance Act 2008).
    public static let rate15From = CalendarDate(year: 2008, month: 4, day: 1)!

    /// The s. 112A exemption of the year: ₹1 lakh to FY 2023-24, ₹1.25 lakh from FY 2024-25 (Finance (No. 2) Act
    /// 2024, for the whole of FY 2024-25); nothing before s. 112A (FY 2017-18 and earlier).
    public static func exemption112A(financialYear: String) -> Amount {
        let start = TaxRules.startYear(of: financialYear)
        if start < 2018 { return .zero }
        return start < 2024 ? Amount(100_000) : Amount(125_000)
    }

    /// Losses carry forward to the next eight assessment years (s. 74).
    public static let carryForwardYears = 8

    /// The advance-tax periods of a year's transfers, as Schedule CG's table of accrual asks (s. 234C).
    public static let advanceTaxPeriods = [
        "Upto 15/6", "16/6 to 15/9", "16/9 to 15/12", "16/12 to 15/3", "16/3 to 31/3",
    ]

    /// The index in ``advanceTaxPeriods`` of a transfer on `date`.
    public static func advanceTaxPeriod(of date: CalendarDate) -> Int {
        switch (date.month, date.day) {
        case (4...5, _), (6, ...15): 0
        case (6, _), (7...8, _), (9, ...15): 1
        case (9, _), (10...11, _), (12, ...15): 2
        case (12, _), (1...2, _), (3, ...15): 3
        default: 4
        }
    }

    /// The year's transfers in the part of FY 2024-25 before 23-Jul-2024, from it, or in a year of one regime.
    public static func period(of date: CalendarDate) -> String {
        guard TaxRules.financialYear(of: date) == "2024-25" else { return "whole year" }
        return date < TaxRules.regime2024 ? "before 23-Jul-2024" : "from 23-Jul-2024"
    }
}
