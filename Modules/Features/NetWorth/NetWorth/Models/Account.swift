import Money
import Timing

/// A financial account and its balance history, oldest update first.
public struct Account: Sendable, Hashable, Identifiable {
    /// A stable number assigned when the account is added.
    public var id: Int
    /// The unique (case-insensitive) name.
    public var name: String
    /// The kind of account, which decides whether it is an asset or a debt.
    public var type: AccountType
    /// The ISO 4217 currency of its balances.
    public var currency: String
    /// The day it was added.
    public var createdOn: CalendarDate
    /// A free-text note.
    public var note: String?
    /// Whether it counts towards net worth (besides the pension and mortgage toggles).
    public var isIncluded: Bool
    /// The balance updates in date order, at most one per date.
    public private(set) var updates: [BalanceUpdate]

    /// Creates an account; `updates` are put in date order, the last one given for a date winning.
    public init(
        id: Int, name: String, type: AccountType, currency: String = "GBP", createdOn: CalendarDate,
        note: String? = nil, isIncluded: Bool = true, updates: [BalanceUpdate] = []
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.currency = currency
        self.createdOn = createdOn
        self.note = note
        self.isIncluded = isIncluded
        self.updates = []
        for update in updates { record(update) }
    }

    /// Creates an account from updates already in strictly increasing date order (stored data).
    init(
        id: Int, name: String, type: AccountType, currency: String, createdOn: CalendarDate, note: String?,
        isIncluded: Bool, sortedUpdates: [BalanceUpdate]
    ) {
        self.init(
            id: id, name: name, type: type, currency: currency, createdOn: createdOn, note: note,
            isIncluded: isIncluded)
        updates = sortedUpdates
    }

    /// Records `update`, replacing the update on the same date if there is one; returns the replaced one.
    @discardableResult
    public mutating func record(_ update: BalanceUpdate) -> BalanceUpdate? {
        let index = insertionIndex(for: update.date)
        if index < updates.count, updates[index].date == update.date {
            let replaced = updates[index]
            updates[index] = update
            return replaced
        }
        updates.insert(update, at: index)
        return nil
    }

    /// Removes the update on `date`; returns it, or nil when there is none.
    @discardableResult
    public mutating func removeUpdate(on date: CalendarDate) -> BalanceUpdate? {
        let index = insertionIndex(for: date)
        guard index < updates.count, updates[index].date == date else { return nil }
        return updates.remove(at: index)
    }

    /// Drops every update dated after `date`.
    public mutating func dropUpdates(after date: CalendarDate) {
        updates.removeSubrange(insertionIndex(for: date.adding(days: 1))...)
    }

    /// The most recent update, if any.
    public var latestUpdate: BalanceUpdate? { updates.last }

    /// The update before the most recent one (the seed's `previousUpdateBalance`), if any.
    public var previousUpdate: BalanceUpdate? { updates.count > 1 ? updates[updates.count - 2] : nil }

    /// The current balance: the latest update's amount, or zero before the first update.
    public var currentBalance: Amount { latestUpdate?.amount ?? .zero }

    /// The update in force on `date`: the latest one on or before it, or nil before the first.
    public func update(onOrBefore date: CalendarDate) -> BalanceUpdate? {
        let index = insertionIndex(for: date.adding(days: 1))
        return index > 0 ? updates[index - 1] : nil
    }

    /// The balance on `date`: the latest update on or before it, or nil before the first update.
    public func balance(on date: CalendarDate) -> Amount? { update(onOrBefore: date)?.amount }

    /// The change since the previous update, with the trend read the right way round for debts.
    public var changeSinceLastUpdate: BalanceChange? {
        get throws(NetWorthError) {
            guard let latest = latestUpdate, let previous = previousUpdate else { return nil }
            return try BalanceChange(from: previous.amount, to: latest.amount, isDebt: type.isDebt)
        }
    }

    /// The first index whose date is not before `date` (binary search over the sorted updates).
    private func insertionIndex(for date: CalendarDate) -> Int {
        var low = 0
        var high = updates.count
        while low < high {
            let middle = (low + high) / 2
            if updates[middle].date < date { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
