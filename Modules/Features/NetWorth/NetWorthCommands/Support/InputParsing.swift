import FeatureKit
import Foundation
import Money
import NetWorth
import Timing

/// Reading dates and amounts typed on the command line, with errors that say which option was wrong.
enum Input {
    /// A `YYYY-MM-DD` date.
    /// - Throws: ``FolioError`` (usage) naming `option` when the text is not a real date.
    static func date(_ text: String, option: String) throws -> CalendarDate {
        if let date = CalendarDate(iso8601: text.trimmingCharacters(in: .whitespaces)) { return date }
        throw FolioError(
            .usage, "\(option) \"\(text)\" is not a date",
            why: looksLikeISO(text) ? "that day does not exist" : "dates are written YYYY-MM-DD",
            hint: "for example \(option) 2024-03-31")
    }

    /// A date given as `YYYY-MM-DD` or a whole month `YYYY-MM` (its first or last day, as `end` says).
    static func dateOrMonth(_ text: String, option: String, end: Bool) throws -> CalendarDate {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.count == 7, let first = CalendarDate(iso8601: trimmed + "-01") {
            return end ? first.endOfMonth : first
        }
        if let day = CalendarDate(iso8601: trimmed) { return day }
        let bytes = Array(trimmed.utf8)
        let monthShaped = bytes.count == 7 && bytes[4] == 0x2D
        throw FolioError(
            .usage, "\(option) \"\(text)\" is not a date",
            why: monthShaped || looksLikeISO(trimmed)
                ? "that \(monthShaped ? "month" : "day") does not exist" : "dates are written YYYY-MM or YYYY-MM-DD",
            hint: "for example \(option) 2024-03 (a whole month) or \(option) 2024-03-31")
    }

    /// An amount such as `1234.56`, `-250` or `1,234.56`.
    /// - Parameter example: What a valid value looks like, for the message (a balance may be negative; a
    ///   rate may not, so its example must not suggest a minus sign).
    /// - Throws: ``FolioError`` (usage) naming `what` when the text is not a plain number.
    static func amount(_ text: String, what: String, example: String = "1234.56 or -250") throws -> Amount {
        let problem: MoneyError
        do {
            return try Amount(parsing: text, options: .balance)
        } catch {
            problem = error
        }
        let stripped = text.filter { !"£$€¥₹".contains($0) }
        let why =
            stripped != text && (try? Amount(parsing: stripped, options: .balance)) != nil
            ? "write the number without a currency symbol"
            : "expected a number such as \(example) (\(problem))"
        throw FolioError(.usage, "\(what) \"\(text)\" is not an amount", why: why)
    }

    private static func looksLikeISO(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 10 && bytes[4] == 0x2D && bytes[7] == 0x2D
    }
}
