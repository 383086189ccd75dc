import Failures
import Foundation

/// Reading an enumerated value typed by a user (a query string, a form) with a refusal that names the field
/// and lists what is accepted, so an unknown value is never quietly replaced by a default.
public enum Choices {
    /// The case of `type` whose raw value is `text` (case-insensitive), or one of `aliases`.
    /// - Parameters:
    ///   - what: The value's name in a message (`range`, `category`).
    /// - Throws: ``FolioError`` (invalid, blaming `field`) listing the accepted values.
    public static func parse<Value: CaseIterable & RawRepresentable>(
        _ text: String, as type: Value.Type, field: String, what: String, aliases: [String: Value] = [:]
    ) throws -> Value where Value.RawValue == String {
        let lowered = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let value = Value.allCases.first(where: { $0.rawValue.lowercased() == lowered }) ?? aliases[lowered] {
            return value
        }
        let accepted = Value.allCases.map(\.rawValue).joined(separator: ", ")
        throw FolioError(
            .invalid, text.isEmpty ? "no \(what) given" : "unknown \(what) \"\(text)\"",
            why: "the accepted values are \(accepted)", field: field)
    }
}
