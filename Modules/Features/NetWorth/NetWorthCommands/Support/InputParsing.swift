import Failures
import FeatureKit
import Foundation
import Money
import NetWorth
import Timing

/// Reading dates and amounts typed on the command line, with errors that say which option was wrong.
enum Input {
    /// A `YYYY-MM-DD` date, by FeatureKit's one rule for dates, written exactly so: the parser underneath also
    /// reads `2026/01/05`, which the wording (`YYYY-MM-DD`) does not promise. Years outside 1900–9999 are refused
    /// by the domain, which blames the date for every face.
    static func date(_ text: String, option: String) throws -> CalendarDate {
        let date = try DateArgument.parse(text, option: option)
        guard date.iso8601 == text.trimmingCharacters(in: .whitespaces) else {
            throw FolioError(
                .usage, "\(option) \"\(text)\" is not a date", why: "dates are written YYYY-MM-DD",
                hint: "for example \(option) 2024-03-31")
        }
        return date
    }

    /// A date given as `YYYY-MM-DD` or a whole month `YYYY-MM` (its first or last day, as `end` says).
    static func dateOrMonth(_ text: String, option: String, end: Bool) throws -> CalendarDate {
        try DateArgument.parse(text, option: option, accepting: [.day, .month], monthEnd: end)
    }

    /// An amount such as `1234.56`, `-250` or `1,234.56` (the domain's one reading).
    /// - Throws: ``FolioError`` (refused) naming `what` when the text is not a plain number.
    static func amount(_ text: String, what: String, example: String = "1234.56 or -250") throws -> Amount {
        do {
            return try AmountInput.parse(text, what: what, example: example)
        } catch {
            throw FolioError(error)
        }
    }
}
