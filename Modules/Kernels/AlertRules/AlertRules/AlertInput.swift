import Failures
import Foundation

/// What a person typed for an alert, by field: the options of `folio alerts add KIND` and the fields of the
/// `/alerts` forms carry the same names (`above`, `within`), so one parser per kind reads both and a refusal's
/// `field` names the option and the form field alike.
public struct AlertInput: Sendable, Equatable {
    /// The non-empty values, trimmed.
    public let values: [String: String]

    /// Keeps the values given; nil and blank ones count as not given.
    public init(_ values: [String: String?]) {
        var kept: [String: String] = [:]
        for (name, value) in values {
            if let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty {
                kept[name] = trimmed
            }
        }
        self.values = kept
    }

    /// The value of `name`, when given.
    public subscript(_ name: String) -> String? { values[name] }

    /// The value of `name`.
    /// - Throws: ``FolioError`` (invalid, field `name`) when it was not given.
    public func required(_ name: String, _ what: String, example: String) throws -> String {
        guard let value = values[name] else {
            throw FolioError(.invalid, "\(what) is missing", hint: "for example \(example)", field: name)
        }
        return value
    }

    /// Which one of `names` was given.
    /// - Parameter wording: the conditions in the user's words, as forms label them (`a NAV at or above a level,
    ///   …`): a refusal names no flag, the terminal adds the flag of its field.
    /// - Throws: ``FolioError`` (usage) when none or several were: blaming the first of them, or the second given.
    public func exactlyOne(of names: [String], _ wording: String) throws -> String {
        let given = names.filter { values[$0] != nil }
        guard given.count == 1 else {
            throw FolioError(
                .usage, given.isEmpty ? "no condition given" : "more than one condition given",
                why: "give exactly one of \(wording)", field: given.count > 1 ? given[1] : names[0])
        }
        return given[0]
    }
}
