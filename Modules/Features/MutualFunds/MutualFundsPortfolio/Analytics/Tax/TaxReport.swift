import Failures
import Money
import MutualFunds

/// `funds portfolio tax --fy`: what an Indian investor files for a financial year's mutual-fund transfers.
public struct TaxReport: Codable, Sendable, Hashable {
    /// `2024-25`.
    public var financialYear: String
    /// Schedule 112A, per scheme (or per lot with details).
    public var schedule112A: [Schedule112ARow]
    /// Schedule CG's lines: the year's gains by provision and, in FY 2024-25, by transfers before and from
    /// 23-Jul-2024, each with its set-off, exemption, taxable gain and tax.
    public var lines: [TaxLine]
    /// Losses brought from earlier years (within eight years, among the years the portfolio holds).
    public var broughtForward: [CarriedLoss]
    /// Losses left to carry to later years after this one.
    public var carriedForward: [CarriedLoss]
    /// The s. 112A exemption of the year.
    public var exemptionLimit: Amount
    /// The part of it used.
    public var exemptionUsed: Amount
    /// The slab rate in per cent for short-term gains of other funds, when given.
    @NullEncodable public var slab: Amount?
    /// The tax at the rates in force on each transfer, on the lines whose rate is known.
    public var tax: Amount
    /// The year's gains by advance-tax period, one row per line.
    public var advanceTax: [AdvanceTaxRow]
    /// The periods' names, in the order of each row's amounts.
    public var advanceTaxPeriods: [String]
    /// What the estimate leaves out.
    public var notes: [String]
    /// Schemes left out of the gains, each with why.
    public var skipped: [String]
    /// Every financial year the portfolio has sales in, newest first, so a reader can move between them.
    public var yearsWithSales: [String]
    /// The year's dividends and tax deducted at source, per scheme, for the schedule of other sources and the
    /// TDS credit; no part of the capital-gains estimate.
    public var dividends: [DividendIncome] = []

    /// Whether anything was sold in the year.
    public var hasSales: Bool { !lines.isEmpty }

    /// The schemes whose lots acquired by 31-Jan-2018 lack their fair market value, by name.
    public var schemesWithoutFairValue: [String] {
        var names: [String] = []
        for row in schedule112A where row.fairValueUnknown && !names.contains(row.name) { names.append(row.name) }
        return names
    }

    /// Schedule 112A as it may be filed: every grandfathered row with its fair market value.
    /// - Throws: ``FolioError`` (unavailable) naming the schemes whose NAV of 31-Jan-2018 is not known, since a
    ///   row taken at cost instead would be filed with a larger gain than the law taxes.
    public func schedule112AForFiling() throws(FolioError) -> [Schedule112ARow] {
        let missing = schemesWithoutFairValue
        guard missing.isEmpty else {
            throw FolioError(
                .unavailable, "cannot write Schedule 112A for filing",
                why: "the NAV of 31-Jan-2018 of \(missing.joined(separator: ", ")) is not known (its history could "
                    + "not be read), and lots acquired by then need it",
                hint: "run it again when the MF API answers, or give its NAV of 31-Jan-2018 from AMFI's NAV history")
        }
        return schedule112A
    }

    /// Schedule 112A as the e-filing utility's CSV template takes it: the template's header and each row's cells,
    /// for every face that writes the file.
    /// - Throws: as ``schedule112AForFiling()``.
    public func schedule112AFilingTable() throws(FolioError) -> (header: [String], rows: [[String]]) {
        (
            Schedule112ARow.header(financialYear: financialYear),
            try schedule112AForFiling().map { $0.cells(financialYear: financialYear) }
        )
    }

    /// The exemption in words: how much of the year's s. 112A exemption was used, or, before s. 112A taxed
    /// long-term equity gains (FY 2018-19), that there was none to use.
    public var exemptionSummary: String {
        exemptionLimit.isZero
            ? "s. 112A exemption: none before FY 2018-19 (long-term equity gains were exempt under s. 10(38))"
            : "s. 112A exemption used: \(Rupees.format(exemptionUsed)) of \(Rupees.format(exemptionLimit))"
    }
}

/// One Schedule CG line: the year's gains under one provision at one rate.
public struct TaxLine: Codable, Sendable, Hashable {
    /// What taxes it.
    public var head: GainHead
    /// The section (`111A`, `112A`, `112`, `slab`, `10(38)`).
    public var section: String
    /// `short` or `long`.
    public var term: String
    /// `whole year`, or FY 2024-25's `before 23-Jul-2024` / `from 23-Jul-2024`.
    public var transfers: String
    /// Per cent, before surcharge and cess; null for slab-rate gains without `--slab`.
    @NullEncodable public var rate: Amount?
    /// Full value of consideration.
    public var saleValue: Amount
    /// Cost of acquisition after grandfathering or indexation.
    public var acquisitionValue: Amount
    /// Sale value − acquisition value: gains net of the line's own losses (negative: a loss).
    public var gain: Amount
    /// Losses of this year set off against its gain (s. 70); on a losing line, the part of its loss set off
    /// against the others.
    public var setOff: Amount
    /// Losses of earlier years set off against it (s. 74).
    public var broughtForwardSetOff: Amount
    /// The s. 112A exemption taken from it.
    public var exemption: Amount
    /// What is taxed.
    public var taxable: Amount
    /// Taxable × rate, to the paisa; null when the rate is not known.
    @NullEncodable public var tax: Amount?

    /// The CSV columns.
    public static let columns = [
        "head", "section", "term", "transfers", "rate", "saleValue", "acquisitionValue", "gain", "setOff",
        "broughtForwardSetOff", "exemption", "taxable", "tax",
    ]
}

/// Losses of one year, left to set off in later ones.
public struct CarriedLoss: Codable, Sendable, Hashable {
    /// The year they arose in.
    public var financialYear: String
    /// The last year they may be set off in (eight years on).
    public var lastYear: String
    /// Short-term losses (set off against any gain).
    public var shortTerm: Amount
    /// Long-term losses (set off against long-term gains only).
    public var longTerm: Amount
}

/// A line's gains by advance-tax period (before set-off).
public struct AdvanceTaxRow: Codable, Sendable, Hashable {
    /// The line's section.
    public var section: String
    /// Its transfers.
    public var transfers: String
    /// Its rate.
    @NullEncodable public var rate: Amount?
    /// One amount per period of ``TaxReport/advanceTaxPeriods``.
    public var amounts: [Amount]
}
