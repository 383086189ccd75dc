import Failures
import FeatureKit
import Foundation
import Money
import NetWorth
import Timing

/// Reading dates and amounts typed on the command line, with errors that say which option was wrong.
enum Input {
    /// A `YYYY-MM-DD` date, by FeatureKit's one rule for dates.
    static func date(_ text: String, option: String) throws -> CalendarDate {
        try DateArgument.parse(text, option: option)
    }

    /// A date given as `YYYY-MM-DD` or a whole month `YYYY-MM` (its first or last day, as `end` says).
    static func dateOrMonth(_ text: String, option: String, end: Bool) throws -> CalendarDate {
        try DateArgument.parse(text, option: option, accepting: [.day, .month], monthEnd: end)
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
        throw FolioError(.refused, "\(what) \"\(text)\" is not an amount", why: why)
    }
}
