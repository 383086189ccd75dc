import Money
import Timing

/// The length of a report's periods.
public enum ReportPeriod: String, Sendable, Hashable, Codable, CaseIterable {
    /// Calendar months, valued on each month's last day.
    case monthly
    /// Calendar years, valued on 31 December.
    case yearly

    /// The last day of the period holding `date`.
    public func end(of date: CalendarDate) -> CalendarDate {
        switch self {
        case .monthly: date.endOfMonth
        case .yearly: CalendarDate(year: date.year, month: 12, day: 31)!
        }
    }

    /// The end of the period after the one ending on `end`.
    public func next(after end: CalendarDate) -> CalendarDate {
        self.end(of: end.adding(days: 1))
    }

    /// The period's label: `2024-03` or `2024`.
    public func label(_ date: CalendarDate) -> String {
        switch self {
        case .monthly: String(date.iso8601.prefix(7))
        case .yearly: String(date.year)
        }
    }
}

/// One row of a period report: the totals and every counted account's value on the period's last day.
public struct ReportRow: Sendable, Hashable {
    /// The period label (`2024-03`).
    public var period: String
    /// The valuation date: the period's last day, or the report's end date for a period still running.
    public var date: CalendarDate
    /// Assets, debts and net worth on `date`.
    public var totals: Totals
    /// The change in net worth since the previous row; nil on the first row.
    public var change: BalanceChange?
    /// Each counted account's value in the base currency, in report column order; nil before its first update.
    public var values: [Amount?]
}

/// Net worth and each counted account per period end, for export.
public struct PeriodReport: Sendable {
    /// The counted accounts, one column each.
    public var accounts: [Account]
    /// The rows, oldest first.
    public var rows: [ReportRow]
    /// The base currency of every value.
    public var currency: String
}

extension Portfolio {
    /// The report of every period end from `start` (default: the first counted update) to `end`.
    ///
    /// Each row values every counted account at its latest balance on or before the period's last day
    /// (or `end`, for the period still running), converted at the rate in force on that day.
    /// - Throws: ``NetWorthError`` when a value cannot be converted or the range is reversed.
    public func report(
        period: ReportPeriod, from start: CalendarDate?, to end: CalendarDate
    ) throws(NetWorthError)
        -> PeriodReport
    {
        let columns = counted
        guard let first = start ?? firstCountedUpdate else {
            return PeriodReport(accounts: columns, rows: [], currency: baseCurrency)
        }
        guard first <= end else {
            throw NetWorthError(
                .refused, "the report range is empty",
                why: "--from \(first.iso8601) is after --to \(end.iso8601)")
        }
        var rows: [ReportRow] = []
        // Rows move forward in time, so each account's latest update is found by advancing a cursor rather
        // than searching its history again for every row.
        var cursors = [Int](repeating: 0, count: columns.count)
        var periodEnd = period.end(of: first)
        while true {
            let date = min(periodEnd, end)
            var totals = Totals()
            var values: [Amount?] = []
            values.reserveCapacity(columns.count)
            for (index, account) in columns.enumerated() {
                let updates = account.updates
                var cursor = cursors[index]
                while cursor < updates.count, updates[cursor].date <= date { cursor += 1 }
                cursors[index] = cursor
                guard cursor > 0 else {
                    values.append(nil)
                    continue
                }
                let value = try rates.convert(
                    updates[cursor - 1].amount, from: account.currency, on: date, account: account.name)
                values.append(value)
                try totals.add(value, isDebt: account.type.isDebt)
            }
            let change = try rows.last.map { previous throws(NetWorthError) in
                try BalanceChange(from: previous.totals.netWorth, to: totals.netWorth, isDebt: false)
            }
            rows.append(
                ReportRow(period: period.label(date), date: date, totals: totals, change: change, values: values))
            if periodEnd >= end { break }
            periodEnd = period.next(after: periodEnd)
        }
        return PeriodReport(accounts: columns, rows: rows, currency: baseCurrency)
    }
}
