import FeatureKit
import Foundation
import Money
import MutualFunds
import Timing

/// How the feature writes numbers, dates and ages for people.
enum FundsFormat {
    /// A NAV in rupees with four decimals: `₹90.5289`.
    static func nav(_ value: Amount) -> String { Rupees.format(value, places: 4) }

    /// Rupees with two decimals, grouped the Indian way: `₹1,80,000.00`.
    static func money(_ value: Amount) -> String { Rupees.format(value) }

    /// Signed rupees: `+₹1,200.00`, `-₹50.00`.
    static func signedMoney(_ value: Amount) -> String { Rupees.format(value, sign: .always) }

    /// A signed percentage, or `n/a` when not available (never 0).
    static func percent(_ fraction: Double?) -> String {
        guard let fraction, fraction.isFinite else { return "n/a" }
        return NumberFormat.percent(fraction)
    }

    /// A plain ratio with two decimals, or `n/a`.
    static func ratio(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "n/a" }
        // Through 12 exact places, then half-to-even to 2 like every other figure.
        guard let exact = Amount(value, places: Amount.places) else { return "n/a" }
        return NumberFormat.decimal(exact, fractionDigits: 2)
    }

    /// A table cell for a fraction: signed, green or red on a colour terminal.
    static func trendCell(_ fraction: Double?) -> TextTable.Cell {
        guard let fraction, fraction.isFinite else { return TextTable.Cell("n/a") }
        return .trend(percent(fraction), sign: fraction > 0 ? 1 : fraction < 0 ? -1 : 0)
    }

    /// `2026-11-22 14:05 (12m ago)` in the local time zone.
    static func asOf(_ date: Date, now: Date) -> String {
        let age = max(0, Int(now.timeIntervalSince(date)))
        return
            "\(LocalDateTime(date, in: .current).minuteStamp) (\(age < 60 ? "just now" : DurationFormat.short(seconds: age) + " ago"))"
    }

    /// `3 days`, `1 day`, `2 years`, counted in calendar days.
    static func age(days: Int) -> String {
        if days >= 730 { return "\(days / 365) years" }
        if days >= 365 { return "1 year" }
        return days == 1 ? "1 day" : "\(days) days"
    }

    /// Today's date in India, where NAV dates are.
    static func todayInIndia(_ now: Date) -> CalendarDate {
        CalendarDate(now, in: TimeZone(identifier: "Asia/Kolkata") ?? TimeZone(secondsFromGMT: 19_800)!)
    }

    /// A NAV older than this many days is called out: a scheme publishing daily is never this far behind.
    static let oldNAVDays = 7

    /// The scheme's profile for display: meta (when a history is known) and name rules.
    static func profile(_ history: NAVHistory) -> SchemeProfile {
        SchemeClassifier.profile(meta: history.meta, name: history.name)
    }

    /// A one-line ISO date or `n/a`.
    static func date(_ date: CalendarDate?) -> String { date?.iso8601 ?? "n/a" }
}
