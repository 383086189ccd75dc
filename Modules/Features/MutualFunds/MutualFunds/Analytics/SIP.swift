import Foundation
import Money
import Timing

/// A monthly systematic investment plan to simulate.
public struct SIPPlan: Sendable, Hashable {
    /// The rupees invested each month.
    public var amount: Amount
    /// The day of the month (1–31; clamped to the month's last day).
    public var day: Int
    /// The first date an installment may fall on.
    public var from: CalendarDate
    /// The last date an installment may fall on and the valuation date; nil for the latest NAV.
    public var to: CalendarDate?

    /// Creates a plan.
    public init(amount: Amount, day: Int, from: CalendarDate, to: CalendarDate? = nil) {
        self.amount = amount
        self.day = day
        self.from = from
        self.to = to
    }
}

/// One executed installment.
public struct SIPInstallment: Sendable, Hashable, Codable {
    /// The date it was due.
    public var scheduled: CalendarDate
    /// The NAV date it was bought at: the due date, or the next date with a NAV.
    public var date: CalendarDate
    /// The NAV it was bought at.
    public var nav: Amount
    /// The units allotted, rounded half up to 3 decimals as Indian AMCs allot them.
    public var units: Amount
    /// The rupees invested.
    public var amount: Amount
}

/// What a SIP came to.
public struct SIPResult: Sendable, Hashable {
    /// The installments, oldest first.
    public var installments: [SIPInstallment]
    /// Units held at the end.
    public var units: Amount
    /// Rupees invested.
    public var invested: Amount
    /// The NAV date the holding is valued at.
    public var valuationDate: CalendarDate
    /// The NAV it is valued at.
    public var valuationNAV: Amount
    /// units × valuation NAV, rounded half up to the paisa.
    public var value: Amount
    /// value / invested − 1, as (value − invested) / invested: the gain is exact, one division rounds.
    public var absoluteReturn: Double
    /// The XIRR of the installments (outflows) and the value (inflow on the valuation date); nil when it
    /// does not exist (a single installment on the valuation date, say).
    public var xirr: Double?
}

/// Why a SIP cannot be simulated.
public enum SIPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `from` is before the scheme's first NAV.
    case startsBeforeHistory(from: CalendarDate, firstNAV: CalendarDate)
    /// No installment date has a NAV on or after it, on or before the valuation date.
    case noInstallments(from: CalendarDate, to: CalendarDate)
    /// `to` is before `from`.
    case endsBeforeStart(from: CalendarDate, to: CalendarDate)
    /// The amount or day is out of range.
    case invalidPlan(String, field: String)

    /// One line saying what is wrong.
    public var description: String {
        switch self {
        case .startsBeforeHistory(let from, let first):
            "the SIP starts \(from.iso8601), before the scheme's first NAV on \(first.iso8601)"
        case .noInstallments(let from, let to):
            "no installment between \(from.iso8601) and \(to.iso8601) has a NAV to buy at"
        case .endsBeforeStart(let from, let to): "the SIP ends \(to.iso8601), before it starts \(from.iso8601)"
        case .invalidPlan(let reason, _): reason
        }
    }
}

/// Simulates a monthly SIP over a NAV history.
///
/// Each month from `from` the installment is due on `day` (the month's last day when shorter); it buys at
/// that date's NAV or, when there is none (weekend, holiday), the next NAV published. Due dates after `to`
/// are not invested, nor are installments whose next NAV falls after the valuation date. Units are
/// amount / NAV rounded to 3 decimals. The holding is valued at the latest NAV on or before `to` (the
/// latest NAV when `to` is not given). Stamp duty and exit loads are not modelled.
public enum SIPCalculator {
    /// Runs `plan` over `history`.
    /// - Throws: ``SIPError`` when the plan cannot be simulated on this history.
    public static func simulate(_ plan: SIPPlan, on history: NAVHistory) throws -> SIPResult {
        guard plan.amount.isPositive else {
            throw SIPError.invalidPlan("the SIP amount must be more than zero", field: "amount")
        }
        guard (1...31).contains(plan.day) else {
            throw SIPError.invalidPlan("the SIP day must be 1 to 31", field: "day")
        }
        guard let first = history.points.first, let latest = history.latest else {
            throw SIPError.noInstallments(from: plan.from, to: plan.to ?? plan.from)
        }
        let end = plan.to ?? latest.date
        guard end >= plan.from else { throw SIPError.endsBeforeStart(from: plan.from, to: end) }
        guard plan.from >= first.date else { throw SIPError.startsBeforeHistory(from: plan.from, firstNAV: first.date) }
        guard let valuationIndex = history.series.index(onOrBefore: end.dayNumber) else {
            throw SIPError.noInstallments(from: plan.from, to: end)
        }
        let valuation = history.points[valuationIndex]
        do {
            var installments: [SIPInstallment] = []
            var totalUnits = Amount.zero
            var monthStart = CalendarDate(year: plan.from.year, month: plan.from.month, day: 1)!
            while true {
                let due = CalendarDate(
                    year: monthStart.year, month: monthStart.month,
                    day: min(plan.day, CalendarDate.daysIn(month: monthStart.month, year: monthStart.year)))!
                monthStart = monthStart.adding(months: 1)
                if due < plan.from { continue }
                guard due <= end, let index = history.series.index(onOrAfter: due.dayNumber), index <= valuationIndex
                else { break }
                let nav = history.points[index].nav
                let units = try plan.amount.divided(by: nav, places: 3, rounding: .halfUp)
                totalUnits = try totalUnits + units
                installments.append(
                    SIPInstallment(
                        scheduled: due, date: history.series.date(at: index), nav: nav, units: units,
                        amount: plan.amount))
            }
            guard !installments.isEmpty else { throw SIPError.noInstallments(from: plan.from, to: end) }
            let invested = try plan.amount * installments.count
            // Units have 3 places and NAVs at most 8: the product is exact before it is rounded to the paisa.
            let value = try totalUnits.multiplied(by: valuation.nav, rounding: .halfUp).rounded(toPlaces: 2, .halfUp)
            var flows = installments.map { CashFlow(date: utcMidnight($0.date), amount: -$0.amount) }
            flows.append(CashFlow(date: utcMidnight(valuation.date), amount: value))
            return SIPResult(
                installments: installments, units: totalUnits, invested: invested, valuationDate: valuation.date,
                valuationNAV: valuation.nav, value: value,
                absoluteReturn: try (value - invested).ratio(to: invested) ?? 0,
                xirr: try? XIRR.rate(flows))
        } catch let error as MoneyError {
            throw SIPError.invalidPlan("the SIP's amounts are out of range: \(error)", field: "amount")
        }
    }

    /// A NAV date as the instant XIRR counts days from: midnight UTC, so days between flows are whole days.
    static func utcMidnight(_ date: CalendarDate) -> Date {
        Date(timeIntervalSince1970: Double(date.dayNumber) * 86_400)
    }
}
