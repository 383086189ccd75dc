import Money
import Timing

/// What is needed to add an account, with an optional opening balance.
public struct NewAccount: Sendable, Hashable {
    /// The unique name.
    public var name: String
    /// The kind of account.
    public var type: AccountType
    /// The ISO 4217 currency.
    public var currency: String
    /// A free-text note.
    public var note: String?
    /// Whether it counts towards net worth.
    public var isIncluded: Bool
    /// The opening balance, recorded as the first update.
    public var openingBalance: BalanceUpdate?

    /// Creates a request to add an account.
    public init(
        name: String, type: AccountType, currency: String = "GBP", note: String? = nil, isIncluded: Bool = true,
        openingBalance: BalanceUpdate? = nil
    ) {
        self.name = name
        self.type = type
        self.currency = currency
        self.note = note
        self.isIncluded = isIncluded
        self.openingBalance = openingBalance
    }
}

/// The rules every balance update must meet.
public enum BalanceRules {
    /// Checks `update` for `account` on `today`.
    /// - Throws: ``NetWorthError`` (refused) for a date in the future, or a negative amount owed on a debt
    ///   (debts are entered as the positive amount owed, so a minus sign would count them twice).
    public static func check(_ update: BalanceUpdate, for account: String, type: AccountType, today: CalendarDate)
        throws(NetWorthError)
    {
        guard update.date <= today else {
            throw NetWorthError(
                .refused, "cannot record a balance dated \(update.date.iso8601)",
                why: "the date is in the future (today is \(today.iso8601))",
                hint: "pass --date with today or an earlier date")
        }
        if type.isDebt && update.amount.isNegative {
            throw NetWorthError(
                .refused, "cannot record \(update.amount.plainText) for \"\(account)\"",
                why: "a \(type.label.lowercased()) is entered as the positive amount owed",
                hint: "enter \((-update.amount).plainText); debts are subtracted from net worth automatically")
        }
    }
}
