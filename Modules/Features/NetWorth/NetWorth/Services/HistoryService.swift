import Failures
import Money
import Timing

/// `history`: an account's balance updates, each with its change from the update before (even when that one is
/// outside the range asked for).
public struct HistoryService: Sendable {
    private let dependencies: NetWorthDependencies

    /// Creates the service.
    public init(_ dependencies: NetWorthDependencies) {
        self.dependencies = dependencies
    }

    /// The updates of the account called `name` dated from `start` to `end` (both included), oldest first.
    /// - Throws: ``FolioError`` (field `account`) for an unknown account; (field `range`) when `start` is after `end`.
    public func history(
        of name: String, from start: CalendarDate? = nil, to end: CalendarDate? = nil
    ) async throws
        -> AccountHistory
    {
        if let start, let end, start > end {
            throw FolioError(.usage, "the start \(start.iso8601) is after the end \(end.iso8601)", field: "range")
        }
        do {
            let account = try await dependencies.repository.account(named: name)
            var rows: [HistoryEntry] = []
            var previous: BalanceUpdate?
            for update in account.updates {
                defer { previous = update }
                if let start, update.date < start { continue }
                if let end, update.date > end { continue }
                let change = try previous.map { previous throws(NetWorthError) in
                    try BalanceChange(from: previous.amount, to: update.amount, isDebt: account.type.isDebt)
                }
                rows.append(HistoryEntry(update: update, change: change))
            }
            return AccountHistory(account: account, rows: rows)
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }
}

/// An account's updates in a range, with the account they belong to.
public struct AccountHistory: Sendable, Equatable {
    /// The account, with every update.
    public var account: Account
    /// The updates in the range, oldest first.
    public var rows: [HistoryEntry]
}

/// One balance update as `history --format json` prints it.
public struct HistoryEntry: Encodable, Sendable, Equatable {
    /// The update's date.
    public var date: CalendarDate
    /// The balance recorded.
    public var balance: Amount
    /// Balance − the previous balance; null for the first update.
    @NullEncodable public var change: Amount?
    /// The change as a fraction of |previous balance|; null when there is none or it is zero.
    @NullEncodable public var changePercent: Amount?
    /// `positive`, `negative` or `none` (for a debt a fall is positive).
    @NullEncodable public var trend: String?
    /// The update's note.
    @NullEncodable public var note: String?
    /// The change with which way is good news, for faces that colour it.
    public let balanceChange: BalanceChange?

    /// The CSV columns, in JSON key names.
    public static let columns = ["date", "balance", "change", "changePercent", "trend", "note"]

    init(update: BalanceUpdate, change: BalanceChange?) {
        date = update.date
        balance = update.amount
        self.change = change?.amount
        changePercent = change?.roundedFraction
        trend = change?.trend.rawValue
        note = update.note
        balanceChange = change
    }

    private enum CodingKeys: String, CodingKey { case date, balance, change, changePercent, trend, note }
}
