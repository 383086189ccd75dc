import Money
import Timing

/// The rules every balance update must meet, wherever it comes from (a new account's opening balance, an
/// update, an imported row).
public enum BalanceRules {
    /// The account a balance is checked against.
    public struct Target: Sendable, Hashable {
        /// The account's name as shown.
        public var name: String
        /// Its type: debts are entered as the positive amount owed.
        public var type: AccountType
        /// Its currency, which decides how many decimals a balance may have.
        public var currency: String
        /// The date of its first (opening) balance, nil while it has none.
        public var opening: CalendarDate?

        /// Describes an account for the checks.
        public init(name: String, type: AccountType, currency: String, opening: CalendarDate? = nil) {
            self.name = name
            self.type = type
            self.currency = currency
            self.opening = opening
        }

        /// `account` as it stands.
        public init(_ account: Account) {
            self.init(
                name: account.name, type: account.type, currency: account.currency,
                opening: account.updates.first?.date)
        }
    }

    /// Checks `update` for `target` on `today`.
    /// - Parameter force: Accept a date after today or before the opening balance, with a warning.
    /// - Returns: Warnings about what `force` let through (empty without it).
    /// - Throws: ``NetWorthError`` (refused, blaming `amount` or `date`) for an amount beyond the limits or with
    ///   more decimals than the currency has, a year outside 1900–9999, a date after today or before the
    ///   opening balance (unless forced), or a negative amount owed on a debt (debts are entered as the positive
    ///   amount owed, so a minus sign would count them twice).
    @discardableResult
    public static func check(
        _ update: BalanceUpdate, for target: Target, today: CalendarDate, force: Bool = false
    )
        throws -> [String]
    {
        try InputLimits.checkYear(update.date)
        try InputLimits.checkBalance(update.amount, currency: target.currency)
        if target.type.isDebt && update.amount.isNegative {
            throw NetWorthError(
                .refused, "cannot record \(update.amount.plainText) for \"\(target.name)\"",
                why: "a \(target.type.label.lowercased()) is entered as the positive amount owed",
                hint: "enter \((-update.amount).plainText); debts are subtracted from net worth automatically",
                field: "amount")
        }
        var warnings: [String] = []
        if update.date > today {
            let why = "the date is in the future (today is \(today.iso8601))"
            guard force else {
                throw NetWorthError(
                    .refused, "cannot record a balance dated \(update.date.iso8601)", why: why,
                    hint: "use today or an earlier date, or force it", field: "date")
            }
            warnings.append("recorded a balance dated \(update.date.iso8601) — \(why)")
        }
        if let opening = target.opening, update.date < opening {
            let why = "\"\(target.name)\" opened with its balance of \(opening.iso8601)"
            guard force else {
                throw NetWorthError(
                    .refused, "cannot record a balance dated \(update.date.iso8601)", why: why,
                    hint: "use a date on or after \(opening.iso8601), or force it", field: "date")
            }
            warnings.append("recorded a balance dated \(update.date.iso8601), before the opening balance — \(why)")
        }
        return warnings
    }
}
