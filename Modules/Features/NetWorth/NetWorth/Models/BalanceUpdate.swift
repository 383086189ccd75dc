import Money
import Timing

/// One recorded balance of an account on a date; an account holds at most one per date.
public struct BalanceUpdate: Sendable, Hashable {
    /// The date the balance was seen.
    public let date: CalendarDate
    /// The balance in the account's currency; for debts the positive amount owed.
    public let amount: Amount
    /// A free-text note ("bonus paid in").
    public var note: String?

    /// Creates an update.
    public init(date: CalendarDate, amount: Amount, note: String? = nil) {
        self.date = date
        self.amount = amount
        self.note = note
    }
}
