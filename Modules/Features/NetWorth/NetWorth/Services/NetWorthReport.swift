import Money
import Timing

/// Net worth and every counted account at each period end (`report`, and the page's chart).
public struct NetWorthReport: Codable, Sendable, Equatable {
    /// The base currency of every value.
    public var currency: String
    /// `monthly` or `yearly`.
    public var period: ReportPeriod
    /// The counted accounts' names, one value column each.
    public var accounts: [String]
    /// The rows, oldest first.
    public var rows: [NetWorthReportRow]
    /// The toggles the report counted with.
    public var inclusion: Inclusion

    /// `report`'s value of `periods`, computed with `inclusion`.
    public init(_ periods: PeriodReport, period: ReportPeriod, inclusion: Inclusion) {
        currency = periods.currency
        self.period = period
        accounts = periods.accounts.map(\.name)
        rows = periods.rows.map(NetWorthReportRow.init)
        self.inclusion = inclusion
    }
}

/// One period end.
public struct NetWorthReportRow: Codable, Sendable, Equatable {
    /// `2024-03` or `2024`.
    public var period: String
    /// The valuation date: the period's last day, or the report's end for the period still running.
    public var date: CalendarDate
    /// Counted assets on `date`.
    public var assets: Amount
    /// Counted debts on `date`, as the positive amount owed.
    public var debts: Amount
    /// `assets − debts`.
    public var netWorth: Amount
    /// Net worth − the previous row's; null on the first row.
    @NullEncodable public var change: Amount?
    /// `change ÷ |previous net worth|` to six places.
    @NullEncodable public var changePercent: Amount?
    /// Each counted account's value, in ``NetWorthReport/accounts`` order; null before its first update.
    public var values: [Amount?]

    init(_ row: ReportRow) {
        period = row.period
        date = row.date
        assets = row.totals.assets
        debts = row.totals.debts
        netWorth = row.totals.netWorth
        change = row.change?.amount
        changePercent = row.change?.roundedFraction
        values = row.values
    }
}
