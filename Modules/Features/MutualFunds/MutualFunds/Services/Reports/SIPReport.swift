import Foundation
import Money
import Timing

/// A simulated monthly SIP: what `folio funds sip --format json` prints.
public struct SIPReport: Codable, Sendable, Equatable {
    /// One installment.
    public struct Installment: Codable, Sendable, Equatable {
        /// The day it was due.
        public var scheduled: String
        /// The NAV date it bought at.
        public var date: String
        /// The NAV it bought at.
        public var nav: Amount
        /// Units allotted.
        public var units: Amount
        /// Rupees invested.
        public var amount: Amount

        /// The columns of the CSV form, in order.
        public static let columns = ["scheduled", "date", "nav", "units", "amount"]
    }

    /// The scheme code.
    public var code: Int
    /// The scheme's name.
    public var name: String
    /// Rupees a month.
    public var amount: Amount
    /// The day of the month.
    public var day: Int
    /// The first date an installment may fall on.
    public var from: String
    /// The last installment and valuation date, when given.
    @NullEncodable public var to: String?
    /// How many installments were made.
    public var installmentCount: Int
    /// Every installment.
    public var installments: [Installment]
    /// Units held.
    public var units: Amount
    /// Rupees invested.
    public var invested: Amount
    /// The valuation NAV's date.
    public var valuationDate: String
    /// The valuation NAV.
    public var valuationNAV: Amount
    /// Units × the valuation NAV, to the paisa.
    public var value: Amount
    /// Value / invested − 1.
    public var absoluteReturn: Double
    /// The XIRR, nil when no rate balances the flows.
    @NullEncodable public var xirr: Double?
    /// Whether the history was stale.
    public var stale: Bool
    /// When the history was fetched.
    public var asOf: Date

    /// The report of `result` for `plan` over `history`.
    public init(plan: SIPPlan, result: SIPResult, history: NAVHistory, freshness: Freshness) {
        code = history.code
        name = history.name
        amount = plan.amount
        day = plan.day
        from = plan.from.iso8601
        to = plan.to?.iso8601
        installments = result.installments.map {
            Installment(
                scheduled: $0.scheduled.iso8601, date: $0.date.iso8601, nav: $0.nav, units: $0.units, amount: $0.amount)
        }
        installmentCount = installments.count
        units = result.units
        invested = result.invested
        valuationDate = result.valuationDate.iso8601
        valuationNAV = result.valuationNAV
        value = result.value
        absoluteReturn = result.absoluteReturn
        xirr = result.xirr
        stale = freshness.stale
        asOf = freshness.asOf
    }
}
