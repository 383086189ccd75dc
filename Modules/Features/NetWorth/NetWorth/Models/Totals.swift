import Money
import Timing

/// Assets, debts and net worth in the base currency.
public struct Totals: Sendable, Hashable {
    /// The counted assets.
    public private(set) var assets: Amount
    /// The counted debts, as the positive amount owed.
    public private(set) var debts: Amount
    /// `assets − debts`: each debt is subtracted exactly once.
    public private(set) var netWorth: Amount

    /// Nothing counted yet.
    public init() {
        assets = .zero
        debts = .zero
        netWorth = .zero
    }

    /// Totals of `assets` and `debts`.
    /// - Throws: ``NetWorthError/overflow`` when the net worth is beyond what an amount holds.
    public init(assets: Amount, debts: Amount) throws(NetWorthError) {
        self.assets = assets
        self.debts = debts
        netWorth = try NetWorthError.checked { () throws(MoneyError) in try assets - debts }
    }

    /// Adds an account's value on the right side.
    /// - Throws: ``NetWorthError/overflow`` when a total is beyond what an amount holds.
    public mutating func add(_ value: Amount, isDebt: Bool) throws(NetWorthError) {
        try NetWorthError.checked { () throws(MoneyError) in
            if isDebt {
                debts = try debts + value
                netWorth = try netWorth - value
            } else {
                assets = try assets + value
                netWorth = try netWorth + value
            }
        }
    }
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
    /// The net worth change; up is positive.
    public let netWorth: BalanceChange
    /// The assets change; up is positive.
    public let assets: BalanceChange
    /// The debts change; down is positive.
    public let debts: BalanceChange

    /// Creates a change.
    /// - Throws: ``NetWorthError/overflow`` when a difference is beyond what an amount holds.
    public init(
        latestDate: CalendarDate, previousDate: CalendarDate, latest: Totals, previous: Totals
    )
        throws(NetWorthError)
    {
        self.latestDate = latestDate
        self.previousDate = previousDate
        self.latest = latest
        self.previous = previous
        netWorth = try BalanceChange(from: previous.netWorth, to: latest.netWorth, isDebt: false)
        assets = try BalanceChange(from: previous.assets, to: latest.assets, isDebt: false)
        debts = try BalanceChange(from: previous.debts, to: latest.debts, isDebt: true)
    }
}
