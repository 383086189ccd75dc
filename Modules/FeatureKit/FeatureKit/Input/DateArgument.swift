import Failures
import Settings
import Timing

/// Dates typed on the command line, with one rule for the error and its hint: both name exactly the forms
/// the option accepts, so `--from 2026-13` on an option that takes months is told about months.
public enum DateArgument {
    /// The forms an option accepts.
    public struct Forms: OptionSet, Sendable {
        /// The set's raw bits.
        public let rawValue: Int
        /// Creates a set from its raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// A day, `YYYY-MM-DD`.
        public static let day = Forms(rawValue: 1)
        /// A whole month, `YYYY-MM`.
        public static let month = Forms(rawValue: 2)

        /// The forms as written in help and errors: `YYYY-MM-DD or YYYY-MM`.
        public var pattern: String {
            var patterns: [String] = []
            if contains(.day) { patterns.append("YYYY-MM-DD") }
            if contains(.month) { patterns.append("YYYY-MM") }
            return patterns.joined(separator: " or ")
        }
    }

    /// Parses `text` in one of `forms`; a month stands for its first day, or its last when `monthEnd`.
    /// - Throws: ``FolioError`` (usage, exit 64) naming `option`, why the text is not a date, and an example of
    ///   each accepted form.
    public static func parse(
        _ text: String, option: String, accepting forms: Forms = .day, monthEnd: Bool = false
    ) throws(FolioError) -> CalendarDate {
        let trimmed = text.trimmingWhitespace()
        // `CalendarDate` also reads `2026/01/05` (the MF API writes dates so); a date typed by a user is the one
        // form the messages name.
        if forms.contains(.day), isDayShaped(trimmed), let date = CalendarDate(iso8601: trimmed),
            years.contains(date.year)
        {
            return date
        }
        if forms.contains(.month), isMonthShaped(trimmed), let first = CalendarDate(iso8601: trimmed + "-01"),
            years.contains(first.year)
        {
            return monthEnd ? first.endOfMonth : first
        }
        var examples: [String] = []
        if forms.contains(.month) {
            examples.append("\(option) 2024-03" + (forms.contains(.day) ? " (a whole month)" : ""))
        }
        if forms.contains(.day) { examples.append("\(option) 2024-03-31") }
        throw FolioError(
            .usage, "\(option) \"\(text)\" is not a date", why: reason(trimmed, forms: forms),
            hint: "for example " + examples.joined(separator: " or "))
    }

    /// The years a date typed by a user may have: a year 0000 or 1899 is a typing mistake, not a balance.
    public static let years = 1900...9999

    private static func reason(_ text: String, forms: Forms) -> String {
        let bytes = Array(text.utf8)
        if isDayShaped(text) || isMonthShaped(text), let year = Int(String(decoding: bytes[0..<4], as: UTF8.self)),
            !years.contains(year)
        {
            return "years run from \(years.lowerBound) to \(years.upperBound)"
        }
        if forms.contains(.month) && isMonthShaped(text) { return "that month does not exist" }
        if isDayShaped(text) {
            let month = Int(String(decoding: bytes[5..<7], as: UTF8.self)) ?? 0
            if !(1...12).contains(month) { return "there is no month \(month)" }
            if forms.contains(.day) { return "that day does not exist" }
        }
        return "dates are written \(forms.pattern)"
    }

    private static func isDayShaped(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 10 && bytes[4] == 0x2D && bytes[7] == 0x2D
            && [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { bytes[$0] >= 0x30 && bytes[$0] <= 0x39 }
    }

    private static func isMonthShaped(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 7 && bytes[4] == 0x2D
            && [0, 1, 2, 3, 5, 6].allSatisfy { bytes[$0] >= 0x30 && bytes[$0] <= 0x39 }
    }
}
