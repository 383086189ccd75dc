import Foundation
import Money
import Timing

/// How a linked account's balance was found for one report.
struct LinkStatus: Sendable, Equatable {
    /// The source followed.
    var source: String
    /// `live` (the source's value now), `stale`, `unavailable`, `nothing`, or `recorded` (a past date: history only).
    var status: String
    /// When the value read was true, when one was read.
    var asOf: Date?
    /// Why the last recorded balance is shown instead of the source's.
    var problem: String?
}

/// Reads the sources of linked accounts and puts their values in place of the recorded balances, in memory only:
/// a report that follows a source writes nothing, and two reads of unchanged sources give the same report.
enum LinkedBalances {
    /// Every link's reading, read at once.
    static func read(_ links: [Int: AccountLink], with sources: LinkedSources) async -> [Int: SourceReading] {
        await withTaskGroup(of: (Int, SourceReading).self) { group in
            for (id, link) in links {
                group.addTask { (id, await sources.read(link.source)) }
            }
            var readings: [Int: SourceReading] = [:]
            for await (id, reading) in group { readings[id] = reading }
            return readings
        }
    }

    /// The balance `reading` gives `account`: the value at the currency's minor unit (half-even), or why it gives none.
    /// A value in another currency than the account's is converted with `rates` in force on `date` (into the base
    /// currency, then out of it), and the status's `problem` says so; without a rate it gives none, saying why.
    static func balance(
        _ reading: SourceReading, for account: Account, rates: ExchangeRates? = nil, on date: CalendarDate? = nil
    ) -> (amount: Amount?, status: String, asOf: Date?, problem: String?) {
        switch reading {
        case .nothing(let why): return (nil, "nothing", nil, why)
        case .unavailable(let why): return (nil, "unavailable", nil, why)
        case .value(let value):
            if let stale = value.staleBecause {
                return (nil, "stale", value.asOf, "its value is out of date: \(stale)")
            }
            var note: String?
            var amount = value.amount.roundedToMinorUnit(of: value.currency)
            if value.currency != account.currency {
                guard let rates, let date,
                    let converted = convert(
                        value.amount, from: value.currency, to: account.currency, rates: rates, on: date)
                else {
                    return (
                        nil, "unavailable", value.asOf,
                        "it values in \(value.currency) and no stored rate turns that into \(account.currency)"
                    )
                }
                amount = converted
                note = "converted from \(MoneyText.money(value.amount, currency: value.currency)) with the stored rates"
            }
            do {
                try InputLimits.checkBalance(amount, currency: account.currency)
            } catch {
                return (nil, "unavailable", value.asOf, "\(error)")
            }
            return (amount, "live", value.asOf, note)
        }
    }

    /// `amount` of `from` in `to` on `date` through the base currency, rounded once at `to`'s minor unit.
    static func convert(
        _ amount: Amount, from: String, to: String, rates: ExchangeRates, on date: CalendarDate
    ) -> Amount? {
        func unitsInBase(_ value: Amount, of currency: String) -> Amount? {
            if currency == rates.base { return value }
            return try? rates.conversion(for: currency, on: date)?.apply(value, places: Amount.places)
        }
        guard let inBase = unitsInBase(amount, of: from), let one = unitsInBase(1, of: to), !one.isZero,
            let value = try? inBase.divided(by: one, places: Amount.places)
        else { return nil }
        return value.roundedToMinorUnit(of: to)
    }

    /// `portfolio` with each live value as the account's balance on `date` (when it differs from the balance in force
    /// then), the status of every linked account, and a warning for each account shown with its last recorded balance.
    static func apply(
        _ readings: [Int: SourceReading], links: [Int: AccountLink], to portfolio: Portfolio, on date: CalendarDate
    ) -> (portfolio: Portfolio, statuses: [Int: LinkStatus], warnings: [String]) {
        var result = portfolio
        var statuses: [Int: LinkStatus] = [:]
        var warnings: [String] = []
        for index in result.accounts.indices {
            let account = result.accounts[index]
            guard let link = links[account.id] else { continue }
            guard let reading = readings[account.id] else {
                statuses[account.id] = LinkStatus(source: link.source, status: "recorded")
                continue
            }
            let found = balance(reading, for: account, rates: portfolio.rates, on: date)
            statuses[account.id] = LinkStatus(
                source: link.source, status: found.status, asOf: found.asOf, problem: found.problem)
            if let amount = found.amount {
                if let note = found.problem { warnings.append("\"\(account.name)\" follows \(link.source): \(note)") }
                if account.update(onOrBefore: date)?.amount != amount {
                    result.accounts[index].record(
                        BalanceUpdate(date: date, amount: amount, note: "from \(link.source)"))
                }
            } else if let problem = found.problem {
                warnings.append(warning(account, source: link.source, problem: problem, on: date))
            }
        }
        return (result, statuses, warnings)
    }

    /// `"Paper" shows its last recorded balance, of 2024-05-01 (3 days old): stocks:portfolio/… — why`.
    static func warning(_ account: Account, source: String, problem: String, on date: CalendarDate) -> String {
        guard let last = account.update(onOrBefore: date) else {
            return
                "\"\(account.name)\" has no balance: \(source) cannot be read (\(problem)) and nothing was recorded from it yet"
        }
        let days = last.date.days(to: date)
        let age = days == 0 ? "today" : days == 1 ? "1 day old" : "\(days) days old"
        return
            "\"\(account.name)\" shows its last recorded balance, of \(last.date.iso8601) (\(age)): \(source) — \(problem)"
    }
}
