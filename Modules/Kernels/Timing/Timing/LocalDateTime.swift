import Foundation

/// A moment as a clock in one time zone shows it, to the second: `2024-03-31 14:05:09`.
///
/// Computed from the zone's offset at that moment, like ``CalendarDate``: a `DateFormatter` builds ICU
/// formatting tables on first use, which cost a tenth of a short command's run time.
public struct LocalDateTime: Sendable, Hashable {
    /// The calendar date.
    public let date: CalendarDate
    /// The hour, 0…23.
    public let hour: Int
    /// The minute, 0…59.
    public let minute: Int
    /// The second, 0…59 (leap seconds do not exist for `Date`).
    public let second: Int

    /// The wall-clock reading of `instant` in `timeZone`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        let local = (instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))).rounded(.down)
        let seconds = Int(local)
        let secondOfDay = ((seconds % 86_400) + 86_400) % 86_400
        date = CalendarDate(dayNumber: (seconds - secondOfDay) / 86_400)
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        second = secondOfDay % 60
    }

    /// `14:05`.
    public var hourMinute: String { "\(Self.twoDigits(hour)):\(Self.twoDigits(minute))" }

    /// `14:05:09`.
    public var hourMinuteSecond: String { "\(hourMinute):\(Self.twoDigits(second))" }

    /// `2024-03-31 14:05`.
    public var minuteStamp: String { "\(date.iso8601) \(hourMinute)" }

    /// `2024-03-31 14:05:09`.
    public var secondStamp: String { "\(date.iso8601) \(hourMinuteSecond)" }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
