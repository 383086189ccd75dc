import FeatureKit
import Foundation

/// A command's JSON rows (an array of objects) as a table, columns in the order given (or the first row's
/// keys sorted): for lists whose figures are shown as the command printed them.
public enum JSONTable {
    /// The table, or nil when the text is not an array of objects.
    public static func render(_ json: String, columns: [String]? = nil, id: String? = nil) -> HTML? {
        guard case .array(let items)? = try? JSONDecoder().decode(JSONValue.self, from: Data(json.utf8)) else {
            return nil
        }
        let objects = items.compactMap { item -> [String: JSONValue]? in
            if case .object(let object) = item { return object }
            return nil
        }
        let keys = columns ?? objects.first.map { $0.keys.sorted() } ?? []
        let rows: [[HTML]] = objects.map { object in keys.map { key in "\(text(object[key] ?? .null))" } }
        return Components.table(
            caption: objects.isEmpty ? "Nothing yet." : nil, headers: keys.map(title), rows: rows, id: id)
    }

    /// A JSON value as it reads in a cell.
    public static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: "—"
        case .bool(let flag): flag ? "yes" : "no"
        case .number(let number): "\(number)"
        case .string(let string): string
        case .array(let items): items.map(text).joined(separator: ", ")
        case .object: "…"
        }
    }

    /// `unrealizedPL` → `Unrealized PL`.
    static func title(_ key: String) -> String {
        var result = ""
        for (index, character) in key.enumerated() {
            if index == 0 {
                result += character.uppercased()
            } else if character.isUppercase {
                result += " \(character)"
            } else {
                result.append(character)
            }
        }
        return result
    }
}
