import Foundation
import Money
import NetWorth
import Timing

/// A date from ISO text, for readable hand-computed cases.
func day(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }

/// An exact decimal from text (never through a Double).
func money(_ text: String) -> Amount { Amount(text)! }

/// An account with updates given as (date, amount) pairs.
func account(
    _ id: Int, _ name: String, _ type: AccountType, currency: String = "GBP", included: Bool = true,
    _ updates: [(String, String)]
) -> Account {
    Account(
        id: id, name: name, type: type, currency: currency, createdOn: day(updates.first?.0 ?? "2024-01-01"),
        isIncluded: included, updates: updates.map { BalanceUpdate(date: day($0.0), amount: money($0.1)) })
}
