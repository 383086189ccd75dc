import Failures
import Foundation
import Money

/// The numbers an alert is set at, read one way for every kind: a positive exact amount within a sane bound,
/// so a typo (`-85` for a level, `1e12`) is refused beside its field instead of stored as an alert that never
/// fires. Refusals are in the user's words and name no flag: the terminal adds the flag of ``FolioError/field``.
public enum AlertThreshold {
    /// A level such as a price, a NAV or a net worth: greater than zero (or any sign when `allowsNegative`,
    /// for a net worth) and at most `maximum` in magnitude.
    /// - Throws: ``FolioError`` (invalid) blaming `field`.
    public static func level(
        _ text: String, field: String, maximum: Amount, allowsNegative: Bool = false
    ) throws -> Amount {
        let value = try amount(text, field: field)
        guard allowsNegative || value.isPositive else {
            throw FolioError(.invalid, "\(text) is not a level", why: "a level is a positive amount", field: field)
        }
        guard value.magnitude <= maximum else {
            throw FolioError(.invalid, "\(text) is out of range", why: "a level is at most \(maximum)", field: field)
        }
        return value
    }

    /// A percentage such as `3` or `3%`: more than 0 and at most `maximum`.
    /// - Throws: ``FolioError`` (invalid) blaming `field`.
    public static func percent(_ text: String, field: String, maximum: Amount = 100) throws -> Amount {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let value = try amount(trimmed.hasSuffix("%") ? String(trimmed.dropLast()) : trimmed, field: field)
        guard value.isPositive, value <= maximum else {
            throw FolioError(
                .invalid, "\(text) is out of range", why: "a percentage here is more than 0 and at most \(maximum)",
                field: field)
        }
        return value
    }

    private static func amount(_ text: String, field: String) throws -> Amount {
        do {
            return try Amount(
                parsing: text.trimmingCharacters(in: .whitespaces), options: ParseOptions(maximumPlaces: 8))
        } catch {
            throw FolioError(
                .invalid, "\"\(text)\" is not a number", why: "write a plain number such as 85 or 2.5", field: field)
        }
    }
}
