import Foundation
import Timing

/// One recorded balance of an account on a date; an account holds at most one per date.
public struct BalanceUpdate: Sendable, Hashable, Codable {
    /// The date the balance was seen.
    public var date: CalendarDate
    /// The balance in the account's currency; for debts the positive amount owed.
    public var amount: Decimal
    /// A free-text note ("bonus paid in").
    public var note: String?

    /// Creates an update.
    public init(date: CalendarDate, amount: Decimal, note: String? = nil) {
        self.date = date
        self.amount = amount
        self.note = note
    }
}
