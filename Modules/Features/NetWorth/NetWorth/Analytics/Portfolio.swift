import Money
import Timing

/// Every account with the rates and toggles needed to value them: the calculations of the seed's
/// portfolio screen, on any date.
public struct Portfolio: Sendable {
    /// All accounts, counted or not, in the order they were added.
    public var accounts: [Account]
    /// The exchange rates into the base currency.
    public var rates: ExchangeRates
    /// The pension and mortgage toggles.
    public var inclusion: Inclusion

    /// Creates a portfolio.
    public init(accounts: [Account], rates: ExchangeRates, inclusion: Inclusion) {
        self.accounts = accounts
        self.rates = rates
        self.inclusion = inclusion
    }

    /// The currency totals are in.
    public var baseCurrency: String { rates.base }

    /// The accounts that count towards net worth under the toggles and their own flags.
    public var counted: [Account] { accounts.filter(inclusion.counts) }

    /// `account`'s balance on `date` converted at the rate in force on `date`; nil before its first update.
    /// - Throws: ``NetWorthError`` when the account has a balance but its currency has no rate in force.
    public func value(of account: Account, on date: CalendarDate) throws(NetWorthError) -> Amount? {
        guard let update = account.update(onOrBefore: date) else { return nil }
        return try rates.convert(update.amount, from: account.currency, on: date, account: account.name)
    }

    /// Counted assets, debts and net worth on `date`, each account at its latest balance on or before it.
    /// - Throws: ``NetWorthError`` naming the currency when a counted balance cannot be converted.
    public func totals(on date: CalendarDate) throws(NetWorthError) -> Totals {
        var totals = Totals()
        for account in accounts where inclusion.counts(account) {
            if let value = try value(of: account, on: date) { try totals.add(value, isDebt: account.type.isDebt) }
        }
        return totals
    }

    /// The two most recent distinct update dates on or before `date` across all accounts (newest first).
    public func lastUpdateDates(onOrBefore date: CalendarDate) -> (latest: CalendarDate, previous: CalendarDate?)? {
        var latest: CalendarDate?
        var previous: CalendarDate?
        for account in accounts {
            guard let newest = account.update(onOrBefore: date)?.date else { continue }
            let older = account.update(onOrBefore: newest.adding(days: -1))?.date
            for candidate in [newest, older].compactMap({ $0 }) {
                if candidate == latest || candidate == previous { continue }
                if latest == nil || candidate > latest! {
                    previous = latest
                    latest = candidate
                } else if previous == nil || candidate > previous! {
                    previous = candidate
                }
            }
        }
        return latest.map { ($0, previous) }
    }

    /// The change since the last time any account was updated, as of `date`: the totals on the most
    /// recent update date and on the one before it, each with every counted account's balance as of that
    /// date. Nil until updates exist on two different dates.
    /// - Throws: ``NetWorthError`` when a balance on either date cannot be converted.
    public func changeSinceLastUpdate(asOf date: CalendarDate) throws(NetWorthError) -> PortfolioChange? {
        guard let dates = lastUpdateDates(onOrBefore: date), let previous = dates.previous else { return nil }
        return try PortfolioChange(
            latestDate: dates.latest, previousDate: previous, latest: try totals(on: dates.latest),
            previous: try totals(on: previous))
    }

    /// The accounts as they stood on `date`: updates after it are dropped.
    public func asOf(_ date: CalendarDate) -> Portfolio {
        var copy = self
        copy.accounts = accounts.map { $0.truncated(through: date) }
        return copy
    }

    /// The earliest update date of the counted accounts.
    public var firstCountedUpdate: CalendarDate? {
        counted.compactMap { $0.updates.first?.date }.min()
    }

    /// Net worth at every date on which a counted account was updated or a rate used by one changed.
    /// - Throws: ``NetWorthError`` when a balance cannot be converted.
    public func netWorthSeries(
        from start: CalendarDate? = nil, to end: CalendarDate? = nil
    ) throws(NetWorthError)
        -> [(date: CalendarDate, totals: Totals)]
    {
        let counted = counted
        var dates = Set<CalendarDate>()
        for account in counted {
            for update in account.updates { dates.insert(update.date) }
            guard let first = account.updates.first?.date else { continue }
            for date in rates.changeDates(of: account.currency) where date > first { dates.insert(date) }
        }
        // ``totals(on:)`` for each date, with each account's balance found by walking its updates once as the dates
        // ascend rather than searched anew for every date (the overview draws every day of the history per view).
        var result: [(date: CalendarDate, totals: Totals)] = []
        var passed = [Int](repeating: 0, count: counted.count)
        for date in dates.sorted() {
            if let start, date < start { continue }
            if let end, date > end { continue }
            var totals = Totals()
            for (index, account) in counted.enumerated() {
                let updates = account.updates
                var position = passed[index]
                while position < updates.count, updates[position].date <= date { position += 1 }
                passed[index] = position
                guard position > 0 else { continue }
                let value = try rates.convert(
                    updates[position - 1].amount, from: account.currency, on: date, account: account.name)
                try totals.add(value, isDebt: account.type.isDebt)
            }
            result.append((date, totals))
        }
        return result
    }
}

extension Account {
    /// The account as it stood on `date`: updates after it dropped.
    public func truncated(through date: CalendarDate) -> Account {
        guard let last = updates.last, last.date > date else { return self }
        var copy = self
        copy.dropUpdates(after: date)
        return copy
    }
}
