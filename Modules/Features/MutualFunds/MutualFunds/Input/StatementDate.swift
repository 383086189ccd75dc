import Foundation
import Timing

/// A date as statements and AMFI's file write it: `2021-07-19` (casparser's transactions) or `19-Jul-2021` (its
/// statement period, AMFI's NAV dates).
package struct StatementDate: Decodable, Sendable {
    package var value: CalendarDate

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = StatementDate.parse(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a date")
        }
        value = date
    }

    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `YYYY-MM-DD` or `DD-Mon-YYYY`.
    package static func parse(_ text: String) -> CalendarDate? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let date = CalendarDate(iso8601: trimmed) { return date }
        let parts = trimmed.split(separator: "-")
        guard parts.count == 3, let day = Int(parts[0]), let year = Int(parts[2]), parts[2].count == 4,
            let month = months.firstIndex(of: parts[1].lowercased())
        else { return nil }
        return CalendarDate(year: year, month: month + 1, day: day)
    }
}
