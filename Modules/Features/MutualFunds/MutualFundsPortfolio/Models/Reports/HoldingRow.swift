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
    /// Calendar days from the NAV's date to today in India (to the valuation date with `--as-of`).
    @NullEncodable public var navAgeDays: Int?
    /// How current the NAV is: fresh, stale (older than ``NAVStatus/staleAfterDays`` days) or inactive (the scheme
    /// stopped publishing while others went on); null when there is no NAV.
    @NullEncodable public var navStatus: NAVStatus?
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
    /// Growth or IDCW.
    @NullEncodable public var option: String?
    /// The tax treatment chosen for the scheme with `portfolio treat-as`; null when the rules decide.
    @NullEncodable public var treatAs: TaxTreatment?
    /// Where the NAV comes from: `amfi` (AMFI's daily file) or `mfapi` (the scheme's history); null when none.
    @NullEncodable public var source: String?
    /// Whether the NAV is not current: older than ``NAVStatus/staleAfterDays`` days, or from an expired cached copy.
    public var stale: Bool
    /// False for a scheme imported although it did not reconcile.
    public var reconciled: Bool
    /// Why a figure is missing or to be read with care.
    @NullEncodable public var note: String?

    /// The CSV columns.
    public static let columns = [
        "folio", "scheme", "isin", "code", "units", "invested", "nav", "navDate", "navAgeDays", "navStatus", "value",
        "gain", "xirr", "category", "fundHouse", "plan", "option", "treatAs", "source", "stale", "reconciled", "note",
    ]
}

/// How current a holding's NAV is.
public enum NAVStatus: String, Codable, Sendable, Hashable {
    /// At most ``staleAfterDays`` days old.
    case fresh
    /// Older than that: the value is of that day, not of today.
    case stale
    /// More than ``inactiveAfterDays`` days behind the newest NAV Folio has of any scheme: the scheme stopped
    /// publishing, probably wound up or merged (as `funds show` says of such a scheme).
    case inactive

    /// A NAV this many days old is still today's (weekends and holidays publish none).
    public static let staleAfterDays = 7
    /// A scheme this many days behind the others has stopped publishing.
    public static let inactiveAfterDays = 90

    /// The status of a NAV `age` days old, `behind` days older than the newest NAV known.
    public static func of(age: Int, behind: Int) -> NAVStatus {
        if behind > inactiveAfterDays { return .inactive }
        return age > staleAfterDays ? .stale : .fresh
    }
}

extension HoldingRow {
    /// The NAV's currency in words, as every face shows it beside the NAV's date: nil when fresh.
    public var navStatusText: String? {
        guard stale else { return nil }
        guard let status = navStatus, let age = navAgeDays else { return "stale" }
        switch status {
        case .fresh: return "stale (an expired cached copy)"
        case .stale: return "stale, \(Self.days(age)) old"
        case .inactive: return "\(Self.days(age)) old: probably wound up or merged"
        }
    }

    /// A sentence on a NAV that is not current, naming its date and source (nil when it is current).
    public var navStatusSentence: String? {
        guard let text = navStatusText, let navDate else { return nil }
        let from = source.map { $0 == "amfi" ? " (AMFI's daily file)" : " (the MF API's history)" } ?? ""
        return "the NAV is of \(navDate)\(from): \(text)"
    }

    static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }
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
