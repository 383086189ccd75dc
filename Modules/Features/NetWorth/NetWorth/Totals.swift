import Foundation
import Timing

/// Assets, debts and net worth in the base currency.
public struct Totals: Sendable, Hashable {
    /// The counted assets.
    public var assets: Decimal
    /// The counted debts, as the positive amount owed.
    public var debts: Decimal

    /// Creates totals.
    public init(assets: Decimal = 0, debts: Decimal = 0) {
        self.assets = assets
        self.debts = debts
    }

    /// `assets − debts`: each debt is subtracted exactly once.
    public var netWorth: Decimal { assets - debts }

    /// Adds an account's value on the right side.
    public mutating func add(_ value: Decimal, isDebt: Bool) {
        if isDebt { debts += value } else { assets += value }
    }
}

/// Assets and debts being added up, in millionths while possible.
struct TotalsSum {
    private var assets = MoneySum()
    private var debts = MoneySum()

    mutating func add(_ value: (amount: Decimal, micros: Int64?), isDebt: Bool) {
        if isDebt {
            debts.add(value.amount, micros: value.micros)
        } else {
            assets.add(value.amount, micros: value.micros)
        }
    }

    var totals: Totals { Totals(assets: assets.value, debts: debts.value) }
}

/// The portfolio's change since the last time any account was updated (the seed's summary card).
public struct PortfolioChange: Sendable, Hashable {
    /// The most recent update date across all accounts.
    public var latestDate: CalendarDate
    /// The most recent update date before it.
    public var previousDate: CalendarDate
    /// The totals on `latestDate`, every account at its balance as of that date.
    public var latest: Totals
    /// The totals on `previousDate`, every account at its balance as of that date.
    public var previous: Totals

    /// Creates a change.
    public init(latestDate: CalendarDate, previousDate: CalendarDate, latest: Totals, previous: Totals) {
        self.latestDate = latestDate
        self.previousDate = previousDate
        self.latest = latest
        self.previous = previous
    }

    /// The net worth change; up is positive.
    public var netWorth: BalanceChange { BalanceChange(from: previous.netWorth, to: latest.netWorth, isDebt: false) }
    /// The assets change; up is positive.
    public var assets: BalanceChange { BalanceChange(from: previous.assets, to: latest.assets, isDebt: false) }
    /// The debts change; down is positive.
    public var debts: BalanceChange { BalanceChange(from: previous.debts, to: latest.debts, isDebt: true) }
}
