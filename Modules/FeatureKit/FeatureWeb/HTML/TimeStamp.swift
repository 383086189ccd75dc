import Foundation
import Timing

/// Instants as people read them on a page: `27 Nov 2026, 12:34` in the server's time zone, inside a
/// `<time datetime>` that carries the exact ISO 8601 instant for machines and assistive technology.
public enum TimeStamp {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `27 Nov 2026, 12:34`.
    public static func text(_ date: Date, timeZone: TimeZone = .current) -> String {
        let local = LocalDateTime(date, in: timeZone)
        return "\(local.date.day) \(months[local.date.month - 1]) \(local.date.year), \(local.hourMinute)"
    }

    /// `<time datetime="2026-11-27T12:34:36Z">27 Nov 2026, 12:34</time>`.
    public static func html(_ date: Date, timeZone: TimeZone = .current) -> HTML {
        "<time datetime=\"\(instant(date))\">\(text(date, timeZone: timeZone))</time>"
    }

    /// `2026-11-27T12:34:36Z`, as ISO 8601 writes an instant in UTC (to the second, as `Date.ISO8601FormatStyle`
    /// does by default), from the same arithmetic as ``text(_:timeZone:)``: the format style was a tenth of what a
    /// page listing a few instants cost.
    public static func instant(_ date: Date) -> String {
        let utc = LocalDateTime(date, in: Self.utc)
        return "\(utc.date.iso8601)T\(utc.hourMinuteSecond)Z"
    }

    private static let utc = TimeZone(secondsFromGMT: 0)!

    /// How long before `now`: `just now` under a minute, else `8m ago`, `3h ago`, `2d ago`.
    public static func age(of date: Date, now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        return seconds < 60 ? "just now" : DurationFormat.short(seconds: seconds) + " ago"
    }
}
