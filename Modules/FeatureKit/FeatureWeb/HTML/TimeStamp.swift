import Foundation
import Timing

/// Instants as people read them on a page: `27 Nov 2026, 12:34` in the server's time zone, inside a
/// `<time datetime>` that carries the exact ISO 8601 instant for machines and assistive technology.
public enum TimeStamp {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `27 Nov 2026, 12:34`.
    public static func text(_ date: Date, timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let hour = parts.hour ?? 0
        let minute = parts.minute ?? 0
        let time = (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
        return "\(parts.day ?? 1) \(months[(parts.month ?? 1) - 1]) \(parts.year ?? 1970), \(time)"
    }

    /// `<time datetime="2026-11-27T12:34:36Z">27 Nov 2026, 12:34</time>`.
    public static func html(_ date: Date, timeZone: TimeZone = .current) -> HTML {
        "<time datetime=\"\(date.formatted(.iso8601))\">\(text(date, timeZone: timeZone))</time>"
    }

    /// How long before `now`: `just now` under a minute, else `8m ago`, `3h ago`, `2d ago`.
    public static func age(of date: Date, now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        return seconds < 60 ? "just now" : DurationFormat.short(seconds: seconds) + " ago"
    }
}
