import Failures
import Money
import Timing

/// `update`: record or remove an account's balance on a date, in one transaction.
public struct BalanceService: Sendable {
    private let dependencies: NetWorthDependencies

    /// Creates the service.
    public init(_ dependencies: NetWorthDependencies) {
        self.dependencies = dependencies
    }

    /// Records `amount` for the account called `account` (ignoring case) on `date` (default today),
    /// replacing that day's balance.
    /// - Parameter force: Accept a date after today or before the opening balance; the report warns.
    /// - Throws: ``FolioError`` (refused) for an unknown account (field `account`); an amount over 10¹⁵ in
    ///   magnitude, with more decimals than the currency has, or negative for a debt (`amount`); a year
    ///   outside 1900–9999, or unless forced a date after today or before the opening balance (`date`); a note
    ///   over 1,000 characters (`note`). Nothing is stored on a refusal.
    public func record(
        account: String, amount: Amount, on date: CalendarDate? = nil, note: String? = nil, force: Bool = false
    ) async throws -> BalanceRecorded {
        do {
            let day = date ?? dependencies.today
            let (stored, replaced, warnings) = try await dependencies.repository.record(
                BalanceUpdate(date: day, amount: amount, note: note), for: account, today: dependencies.today,
                force: force)
            var since: DatedChange?
            if let previous = stored.update(onOrBefore: day.adding(days: -1)) {
                let change = try BalanceChange(from: previous.amount, to: amount, isDebt: stored.type.isDebt)
                since = DatedChange(since: previous.date, change: ChangeReport(change))
            }
            let latest = stored.latestUpdate.map(\.date)
            return BalanceRecorded(
                account: stored.name, currency: stored.currency, debt: stored.type.isDebt, date: day, amount: amount,
                replaced: replaced?.amount, changeSincePrevious: since,
                laterBalanceOn: latest.flatMap { $0 > day ? $0 : nil }, warnings: warnings)
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }

    /// Removes the balance of `account` dated `date`.
    /// - Throws: ``FolioError`` (refused) for an unknown account or a date without a balance.
    public func remove(account: String, on date: CalendarDate) async throws -> BalanceRemoved {
        do {
            let (stored, removed) = try await dependencies.repository.removeUpdate(on: date, for: account)
            return BalanceRemoved(account: stored.name, currency: stored.currency, date: date, amount: removed.amount)
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }
}
