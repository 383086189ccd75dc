import FeatureKit
import Foundation
import MarketData
import Money
import StockTrading
import Timing

/// How the feature writes money, rates, times and ages for people.
enum Formatting {
    static func money(_ value: Amount) -> String { money(value, "USD") }
    static func signedMoney(_ value: Amount) -> String { signedMoney(value, "USD") }
    static func money(_ value: Amount, _ currency: String) -> String { NumberFormat.money(value, currency: currency) }
    static func signedMoney(_ value: Amount, _ currency: String) -> String {
        NumberFormat.signedMoney(value, currency: currency)
    }

    /// `GBP→USD 1.2712 (Yahoo Finance)`: the rate a trade was converted at.
    static func rate(_ fx: ExchangeRate) -> String {
        "\(fx.from)→\(fx.to) \(fx.rate) (\(fx.source)\(fx.isStale ? ", stale" : ""))"
    }
    static func percent(_ fraction: Amount?) -> String { fraction.map { NumberFormat.percent($0) } ?? "—" }
    static func percent(_ fraction: Double?) -> String { fraction.map { NumberFormat.percent($0) } ?? "—" }
    static func sign(_ value: Amount) -> Int { value.signum }

    /// `2024-03-31 14:05:09` in the local time zone.
    static func timestamp(_ date: Date) -> String { LocalDateTime(date, in: .current).secondStamp }

    /// `2024-03-31` in the local time zone.
    static func day(_ date: Date) -> String { CalendarDate(date, in: .current).iso8601 }

    /// `45s`, `4m 5s`, `2h 3m`.
    static func age(of date: Date, now: Date) -> String {
        DurationFormat.short(seconds: max(0, Int(now.timeIntervalSince(date))))
    }

    /// A bar of `width` cells for a weight from 0 to 1.
    static func bar(_ weight: Amount, width: Int = 20) -> String {
        let cells = max(0, min(width, Int((weight.doubleValue * Double(width)).rounded())))
        return String(repeating: "█", count: cells)
    }

    /// A chart axis label: whole dollars.
    static func axisMoney(_ value: Double, _ currency: String = "USD") -> String {
        Amount(value, places: 0, rounding: .toNearestOrAwayFromZero).map { money($0, currency) } ?? "—"
    }

    /// The line under a priced table saying where prices come from and whether they are current.
    static func pricesLine(_ quotes: QuoteSet, now: Date) -> String {
        let age = age(of: quotes.asOf, now: now)
        let stamp = "Prices from \(quotes.source), as of \(timestamp(quotes.asOf)) (\(age) ago)"
        return quotes.isStale ? stamp + " — STALE: last known prices" : stamp
    }
}
