import Foundation
import Timing

/// One recorded balance of an account on a date; an account holds at most one per date.
public struct BalanceUpdate: Sendable, Hashable {
    /// The date the balance was seen.
    public let date: CalendarDate
    /// The balance in the account's currency; for debts the positive amount owed.
    public let amount: Decimal
    /// A free-text note ("bonus paid in").
    public var note: String?
    /// `amount` in exact millionths when it has one (the fast path of sums).
    let micros: Int64?

    /// Creates an update.
    public init(date: CalendarDate, amount: Decimal, note: String? = nil) {
        self.date = date
        self.amount = amount
        self.note = note
        micros = Micros.exact(amount)
    }

    /// Creates an update whose exact millionths are already known (reading stored data).
    init(date: CalendarDate, parsed: ParsedAmount) {
        self.date = date
        amount = parsed.decimal
        micros = parsed.micros
        note = nil
    }
}
