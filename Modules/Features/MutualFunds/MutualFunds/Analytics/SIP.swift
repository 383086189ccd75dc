import Foundation
import Timing

/// A monthly systematic investment plan to simulate.
public struct SIPPlan: Sendable, Hashable {
    /// The rupees invested each month.
    public var amount: Decimal
    /// The day of the month (1–31; clamped to the month's last day).
    public var day: Int
    /// The first date an installment may fall on.
    public var from: CalendarDate
    /// The last date an installment may fall on and the valuation date; nil for the latest NAV.
    public var to: CalendarDate?

    /// Creates a plan.
    public init(amount: Decimal, day: Int, from: CalendarDate, to: CalendarDate? = nil) {
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
    public var nav: Decimal
    /// The units allotted, rounded to 3 decimals as Indian AMCs allot them.
    public var units: Decimal
    /// The rupees invested.
    public var amount: Decimal
}

/// What a SIP came to.
public struct SIPResult: Sendable, Hashable {
    /// The installments, oldest first.
    public var installments: [SIPInstallment]
    /// Units held at the end.
    public var units: Decimal
    /// Rupees invested.
    public var invested: Decimal
    /// The NAV date the holding is valued at.
    public var valuationDate: CalendarDate
    /// The NAV it is valued at.
    public var valuationNAV: Decimal
    /// units × valuation NAV, rounded to the paisa.
    public var value: Decimal
    /// value / invested − 1.
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
    case invalidPlan(String)

    /// One line saying what is wrong.
    public var description: String {
        switch self {
        case .startsBeforeHistory(let from, let first):
            "the SIP starts \(from.iso8601), before the scheme's first NAV on \(first.iso8601)"
        case .noInstallments(let from, let to):
            "no installment between \(from.iso8601) and \(to.iso8601) has a NAV to buy at"
        case .endsBeforeStart(let from, let to): "the SIP ends \(to.iso8601), before it starts \(from.iso8601)"
        case .invalidPlan(let reason): reason
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
        guard plan.amount > 0 else { throw SIPError.invalidPlan("the SIP amount must be more than zero") }
        guard (1...31).contains(plan.day) else { throw SIPError.invalidPlan("the SIP day must be 1 to 31") }
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
        let math = UnitsMath(amount: plan.amount, scale: history.scale)
        var installments: [SIPInstallment] = []
        var totalUnits = UnitsMath.Units.exact(0)
        var monthStart = CalendarDate(year: plan.from.year, month: plan.from.month, day: 1)!
        while true {
            let due = CalendarDate(
                year: monthStart.year, month: monthStart.month,
                day: min(plan.day, CalendarDate.daysIn(month: monthStart.month, year: monthStart.year)))!
            monthStart = monthStart.adding(months: 1)
            if due < plan.from { continue }
            guard due <= end, let index = history.series.index(onOrAfter: due.dayNumber), index <= valuationIndex
            else { break }
            let units = math.units(navUnits: history.units[index])
            totalUnits = totalUnits + units
            installments.append(
                SIPInstallment(
                    scheduled: due, date: history.series.date(at: index), nav: history.points[index].nav,
                    units: units.decimal, amount: plan.amount))
        }
        guard !installments.isEmpty else { throw SIPError.noInstallments(from: plan.from, to: end) }
        let invested = plan.amount * Decimal(installments.count)
        let value = math.value(units: totalUnits, navUnits: history.units[valuationIndex])
        var flows = installments.map { CashFlow(date: $0.date, amount: -$0.amount.doubleValue) }
        flows.append(CashFlow(date: valuation.date, amount: value.doubleValue))
        return SIPResult(
            installments: installments, units: totalUnits.decimal, invested: invested,
            valuationDate: valuation.date, valuationNAV: valuation.nav, value: value,
            absoluteReturn: (value / invested).doubleValue - 1, xirr: XIRR.rate(flows))
    }
}

/// Units and values in integers where they fit (amounts in paise, units in thousandths, NAVs at the
/// history's scale), falling back to `Decimal` where they do not: the same results, without a 38-digit
/// decimal division per installment.
struct UnitsMath {
    /// Units held: thousandths of a unit when exact integers fit, else a decimal.
    enum Units {
        case exact(Int64)
        case decimal(Decimal)

        var decimal: Decimal {
            switch self {
            case .exact(let thousandths):
                Decimal(
                    sign: thousandths < 0 ? .minus : .plus, exponent: -3, significand: Decimal(thousandths.magnitude))
            case .decimal(let value): value
            }
        }

        static func + (lhs: Units, rhs: Units) -> Units {
            if case .exact(let a) = lhs, case .exact(let b) = rhs {
                let (sum, overflow) = a.addingReportingOverflow(b)
                if !overflow { return .exact(sum) }
            }
            return .decimal(lhs.decimal + rhs.decimal)
        }
    }

    let amount: Decimal
    let scale: Int
    /// The amount in paise, when it is a whole number of paise.
    private let paise: Int64?

    init(amount: Decimal, scale: Int) {
        self.amount = amount
        self.scale = scale
        let scaled = amount * 100
        let whole = scaled == scaled.rounded(scale: 0) && scaled < Decimal(Int64.max / 1_000)
        paise = whole ? NSDecimalNumber(decimal: scaled).int64Value : nil
    }

    /// amount / NAV rounded half up to 3 decimals; the NAV is `navUnits` × 10^-scale.
    func units(navUnits: Int64) -> Units {
        if let paise, let numerator = Self.multiply(paise, Self.power(scale + 1)), navUnits > 0 {
            return .exact((numerator + navUnits / 2) / navUnits)
        }
        let nav = Decimal(sign: .plus, exponent: -scale, significand: Decimal(navUnits))
        return .decimal((amount / nav).rounded(scale: 3))
    }

    /// units × NAV rounded half up to the paisa.
    func value(units: Units, navUnits: Int64) -> Decimal {
        if case .exact(let thousandths) = units, let product = Self.multiply(thousandths, navUnits),
            let divisor = Self.power(scale + 1)
        {
            // product is in 10^-(3 + scale) rupees; paise are 10^-2.
            let paise = (product + divisor / 2) / divisor
            return Decimal(sign: .plus, exponent: -2, significand: Decimal(paise))
        }
        let nav = Decimal(sign: .plus, exponent: -scale, significand: Decimal(navUnits))
        return (units.decimal * nav).rounded(scale: 2)
    }

    private static func multiply(_ a: Int64, _ b: Int64?) -> Int64? {
        guard let b else { return nil }
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? nil : product
    }

    private static func power(_ exponent: Int) -> Int64? {
        guard exponent >= 0, exponent <= 18 else { return nil }
        var result: Int64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}

extension Decimal {
    /// Rounded half away from zero to `scale` decimals.
    func rounded(scale: Int) -> Decimal {
        var input = self
        var result = Decimal()
        NSDecimalRound(&result, &input, scale, .plain)
        return result
    }

    /// The nearest `Double`.
    var doubleValue: Double { NSDecimalNumber(decimal: self).doubleValue }
}
