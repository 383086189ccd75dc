import Foundation
import Money
import MutualFunds

/// One held scheme valued: what `funds portfolio` lists per scheme.
public struct HoldingRow: Codable, Sendable, Hashable {
    /// The folio number.
    public var folio: String
    /// The scheme's name as the statement prints it.
    public var scheme: String
    /// Its ISIN.
    @NullEncodable public var isin: String?
    /// The MF API code it was matched to (by the statement's AMFI code, else its ISIN).
    @NullEncodable public var code: Int?
    /// Units held on the valuation date.
    public var units: Amount
    /// What the units held cost (purchases less what was redeemed, at cost, first in first out).
    public var invested: Amount
    /// The NAV used.
    @NullEncodable public var nav: Amount?
    /// Its date.
    @NullEncodable public var navDate: String?
    /// Units × NAV, to the paisa.
    @NullEncodable public var value: Amount?
    /// Value − invested.
    @NullEncodable public var gain: Amount?
    /// XIRR of the scheme's cash flows and its value, a fraction a year.
    @NullEncodable public var xirr: Double?
    /// Equity, debt, hybrid, solution or other.
    @NullEncodable public var category: String?
    /// The fund house.
    @NullEncodable public var fundHouse: String?
    /// Direct or regular.
    @NullEncodable public var plan: String?
    /// The tax treatment chosen for the scheme with `portfolio treat-as`; null when the rules decide.
    @NullEncodable public var treatAs: TaxTreatment?
    /// Where the NAV comes from: `amfi` (AMFI's daily file) or `mfapi` (the scheme's history); null when none.
    @NullEncodable public var source: String?
    /// Whether the NAV comes from an expired cached copy.
    public var stale: Bool
    /// False for a scheme imported although it did not reconcile.
    public var reconciled: Bool
    /// Why a figure is missing or to be read with care.
    @NullEncodable public var note: String?

    /// The CSV columns.
    public static let columns = [
        "folio", "scheme", "isin", "code", "units", "invested", "nav", "navDate", "value", "gain", "xirr", "category",
        "fundHouse", "plan", "treatAs", "source", "stale", "reconciled", "note",
    ]
}

/// A share of the portfolio's value.
public struct AllocationRow: Codable, Sendable, Hashable {
    /// The group (`equity`, `PPFAS Mutual Fund`, `direct`; `unknown` when not known).
    public var name: String
    /// Its value.
    public var value: Amount
    /// Its share of the valued total, 0…1.
    public var fraction: Double
}

/// `funds portfolio`: every holding, the total and the allocation.
public struct PortfolioReport: Codable, Sendable, Hashable {
    /// The valuation date asked for (`--as-of`), nil for the latest NAVs.
    @NullEncodable public var asOf: String?
    /// The holdings.
    public var holdings: [HoldingRow]
    /// Total invested.
    public var invested: Amount
    /// Total value of the holdings that could be valued.
    public var value: Amount
    /// Value − invested (of the valued holdings).
    public var gain: Amount
    /// XIRR of every cash flow and the values.
    @NullEncodable public var xirr: Double?
    /// By category, fund house and plan.
    public var allocation: Allocation
    /// Whether any NAV is stale.
    public var stale: Bool
    /// What went wrong on the way without stopping the valuation (AMFI's file unavailable or unreadable).
    public var warnings: [String]

    /// The three allocations.
    public struct Allocation: Codable, Sendable, Hashable {
        /// By asset class.
        public var category: [AllocationRow]
        /// By fund house.
        public var fundHouse: [AllocationRow]
        /// By plan.
        public var plan: [AllocationRow]
    }
}

extension PortfolioReport {
    /// How the totals of value and gain read: "n/a" when no holding could be valued (a zero there would read as a
    /// portfolio worth nothing), else the figure, saying how many holdings it leaves out.
    public func totalText(_ amount: Amount, format: (Amount) -> String) -> String {
        let unvalued = holdings.filter { $0.value == nil }.count
        if !holdings.isEmpty && unvalued == holdings.count { return "n/a" }
        return format(amount) + (unvalued == 0 ? "" : " (\(unvalued) not valued)")
    }
}
