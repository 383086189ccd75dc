import Failures
import Money
import MutualFunds
import Timing

/// A purchase or sale typed by hand: `add 122639 --amount 5000 --date 2024-01-10`,
/// `sell 122639 --units 10 --date 2024-06-03`.
public struct ManualEntry: Sendable, Hashable {
    /// Buy or sell.
    public enum Side: Sendable, Hashable {
        /// Units bought.
        case buy
        /// Units sold.
        case sell
    }

    /// Buy or sell.
    public var side: Side
    /// The scheme code.
    public var code: Int
    /// The date.
    public var date: CalendarDate
    /// Rupees, when given.
    public var amount: Amount?
    /// Units, when given.
    public var units: Amount?
    /// The NAV, when given (else the history's NAV of the date).
    public var nav: Amount?
    /// The folio (`manual` unless given).
    public var folio: String

    /// Creates an entry.
    public init(
        side: Side, code: Int, date: CalendarDate, amount: Amount? = nil, units: Amount? = nil, nav: Amount? = nil,
        folio: String = "manual"
    ) {
        self.side = side
        self.code = code
        self.date = date
        self.amount = amount
        self.units = units
        self.nav = nav
        self.folio = folio
    }

    /// The entry's date, NAV, units and amount, signed (a sale's units and amount negative).
    struct Priced {
        var date: CalendarDate
        var nav: Amount
        var units: Amount
        var amount: Amount
    }

    /// How far after a date its allotment NAV may be: markets close for a long weekend and a festival together,
    /// never for more than a week. A NAV further away means the date is wrong (before the scheme began, or in
    /// a gap of its history), and taking it would silently move the transaction by months or years.
    static let allotmentWindowDays = 7

    /// Units from the amount at the NAV, rounded to 3 decimals as AMCs allot them, or the amount from the units,
    /// rounded to the paisa; the NAV is the one given or the history's on the date (the next one published
    /// within a week when the date has none, as a purchase is allotted).
    /// - Throws: ``FolioError`` (invalid) when neither or both of amount and units are given with a NAV, the date
    ///   is after `today`, or the date has no NAV within a week.
    func priced(on history: NAVHistory, today: CalendarDate) throws(FolioError) -> Priced {
        guard date <= today else {
            throw FolioError(
                .invalid, "\(date.iso8601) is in the future", why: "today is \(today.iso8601) in India",
                hint: "give the date the units were \(side == .sell ? "sold" : "bought") on", field: "date")
        }
        guard (amount == nil) != (units == nil) else {
            throw FolioError(
                .invalid, "give either an amount or units",
                why: amount == nil ? "neither was given" : "both were given",
                field: amount == nil ? "amount" : "units")
        }
        if let value = amount ?? units, !value.isPositive {
            throw FolioError(
                .invalid, "\(value.plainText) is not a positive figure", field: amount == nil ? "units" : "amount")
        }
        var date = date
        let nav: Amount
        if let given = self.nav {
            guard given.isPositive else { throw FolioError(.invalid, "a NAV must be more than 0", field: "nav") }
            nav = given
        } else {
            guard let point = history.point(onOrAfter: date) else {
                throw FolioError(
                    .invalid, "\(history.name) has no NAV on or after \(date.iso8601)",
                    why: "its latest NAV is of \(history.latest?.date.iso8601 ?? "no date")",
                    hint: "give the NAV it was made at", field: "date")
            }
            guard date.days(to: point.date) <= Self.allotmentWindowDays else {
                let beforeFirst = history.points.first?.date == point.date
                throw FolioError(
                    .invalid, "\(history.name) has no NAV within a week of \(date.iso8601)",
                    why: "its \(beforeFirst ? "first" : "next") NAV is of \(point.date.iso8601)",
                    hint: "check the date, or give the NAV it was made at", field: "date")
            }
            nav = point.nav
            date = point.date
        }
        let units: Amount
        let amount: Amount
        do {
            if let given = self.units {
                units = given
                amount = try given.multiplied(by: nav, rounding: .halfEven).rounded(toPlaces: 2, .halfEven)
            } else {
                amount = self.amount!
                units = try amount.divided(by: nav, places: 3, rounding: .halfEven)
            }
        } catch {
            throw FolioError(.invalid, "the figures are out of range", why: "\(error)", field: "amount")
        }
        let sign = side == .sell ? -1 : 1
        return Priced(date: date, nav: nav, units: sign < 0 ? -units : units, amount: sign < 0 ? -amount : amount)
    }
}
