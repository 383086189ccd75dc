import Foundation

/// A date on the calendar with no time of day and no time zone: a NAV date, a balance update, a purchase.
///
/// Arithmetic is done on day numbers (days since 1970-01-01) with Hinnant's civil-calendar algorithms, so
/// parsing, comparing and counting days never goes through `DateFormatter` or `Calendar`, which are slow
/// and time-zone sensitive.
public struct CalendarDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The year, e.g. 2026.
    public let year: Int
    /// The month, 1…12.
    public let month: Int
    /// The day of the month, 1…31.
    public let day: Int

    /// Creates a date, returning nil when the day does not exist (31 April, 29 February 2023).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Creates the date that is `dayNumber` days after 1970-01-01.
    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// The calendar date of `date` as seen in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        let seconds = Int((date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))).rounded(.down))
        self.init(dayNumber: Int((Double(seconds) / 86_400).rounded(.down)))
    }

    /// Days since 1970-01-01 (negative before it).
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// ISO 8601 `YYYY-MM-DD`.
    public var description: String { iso8601 }

    /// ISO 8601 `YYYY-MM-DD`.
    public var iso8601: String {
        // Written as bytes for the years reports hold: interpolating padded parts cost 3,000 instructions a date,
        // which a 10,000-row report pays for every row.
        guard (0...9999).contains(year) else { return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))" }
        return String(unsafeUninitializedCapacity: 10) { text in
            func digit(_ value: Int) -> UInt8 { UInt8(truncatingIfNeeded: value) &+ UInt8(ascii: "0") }
            text[0] = digit(year / 1000)
            text[1] = digit(year / 100 % 10)
            text[2] = digit(year / 10 % 10)
            text[3] = digit(year % 10)
            text[4] = UInt8(ascii: "-")
            text[5] = digit(month / 10)
            text[6] = digit(month % 10)
            text[7] = UInt8(ascii: "-")
            text[8] = digit(day / 10)
            text[9] = digit(day % 10)
            return 10
        }
    }

    /// The day of the week, 1 = Monday … 7 = Sunday (ISO 8601).
    public var weekday: Int {
        let w = (dayNumber + 3) % 7  // 1970-01-01 was a Thursday
        return (w < 0 ? w + 7 : w) + 1
    }

    /// The number of days from this date to `other` (positive when `other` is later).
    public func days(to other: CalendarDate) -> Int { other.dayNumber - dayNumber }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> CalendarDate { CalendarDate(dayNumber: dayNumber + days) }

    /// The same day `months` months later, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb).
    public func adding(months: Int) -> CalendarDate {
        let total = year * 12 + (month - 1) + months
        let newYear = Int((Double(total) / 12).rounded(.down))
        let newMonth = total - newYear * 12 + 1
        let newDay = min(day, Self.daysIn(month: newMonth, year: newYear))
        return CalendarDate(year: newYear, month: newMonth, day: newDay)!
    }

    /// The same day `years` years later, clamped (29 Feb + 1 year = 28 Feb).
    public func adding(years: Int) -> CalendarDate { adding(months: years * 12) }

    /// The last day of this date's month.
    public var endOfMonth: CalendarDate {
        CalendarDate(year: year, month: month, day: Self.daysIn(month: month, year: year))!
    }

    /// Midnight at the start of this date in `timeZone`.
    public func startOfDay(in timeZone: TimeZone) -> Date {
        let utc = Date(timeIntervalSince1970: TimeInterval(dayNumber) * 86_400)
        return utc.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: utc)))
    }

    /// Whether `year` is a leap year in the Gregorian calendar.
    public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    /// The number of days in `month` of `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Orders dates chronologically.
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool { lhs.dayNumber < rhs.dayNumber }

    /// Decodes from an ISO 8601 `YYYY-MM-DD` string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CalendarDate(iso8601: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a date as YYYY-MM-DD, found \"\(text)\"")
        }
        self = date
    }

    /// Encodes as an ISO 8601 `YYYY-MM-DD` string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso8601)
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension CalendarDate {
    /// The order of the fields in a numeric date string.
    public enum Layout: Sendable {
        /// `YYYY-MM-DD` (ISO 8601).
        case yearMonthDay
        /// `DD-MM-YYYY` (as the MF API writes dates).
        case dayMonthYear
    }

    /// Parses an ISO 8601 `YYYY-MM-DD` date; nil unless the text is exactly that and the day exists.
    @inlinable
    public init?(iso8601 text: some StringProtocol) {
        self.init(parsing: text, layout: .yearMonthDay)
    }

    /// Parses a zero-padded numeric date with `-` or `/` separators in the given layout; nil when malformed.
    ///
    /// Inlinable so that callers get it specialized for their string type: the generic version reached the
    /// bytes through witness tables, 650 instructions a date.
    @inlinable
    public init?(parsing text: some StringProtocol, layout: Layout) {
        // Over the bytes in place: a report reads tens of thousands of dates, and copying each into an array
        // (with a set of separators) showed in its profile.
        let parsed =
            text.utf8.withContiguousStorageIfAvailable { Self.parse($0, layout: layout) }
            ?? Array(text.utf8).withUnsafeBufferPointer { Self.parse($0, layout: layout) }
        guard let parsed else { return nil }
        self = parsed
    }

    @usableFromInline
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, layout: Layout) -> CalendarDate? {
        guard bytes.count == 10 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        func isSeparator(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/") }
        switch layout {
        case .yearMonthDay:
            guard isSeparator(bytes[4]), bytes[7] == bytes[4],
                let y = number(0..<4), let m = number(5..<7), let d = number(8..<10)
            else { return nil }
            return CalendarDate(year: y, month: m, day: d)
        case .dayMonthYear:
            guard isSeparator(bytes[2]), bytes[5] == bytes[2],
                let d = number(0..<2), let m = number(3..<5), let y = number(6..<10)
            else { return nil }
            return CalendarDate(year: y, month: m, day: d)
        }
    }
}
