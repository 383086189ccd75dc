import Failures
import Foundation

/// CSV per RFC 4180 (CRLF line ends, fields quoted when they hold a comma, quote or line break, quotes doubled).
///
/// ``rows(_:columns:)`` derives the columns from the same `Encodable` rows the JSON output uses, so CSV and
/// JSON cannot drift apart.
public enum CSVOutput {
    /// One field, quoted when needed.
    public static func field(_ text: String) -> String {
        // Bytes, not Characters: "\r\n" is one Character equal to neither "\r" nor "\n", and
        // `replacingOccurrences` goes through NSString, which cost a third of a 10,000-row CSV report.
        // A contiguous buffer, not the UTF8View: its element-wise scan cost ~30 instructions a byte.
        var text = text
        let quotedText: String? = text.withUTF8 { utf8 in
            let special: (UInt8) -> Bool = {
                $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
            }
            guard utf8.contains(where: special) else { return nil }
            var quoted: [UInt8] = [UInt8(ascii: "\"")]
            quoted.reserveCapacity(utf8.count + 8)
            for byte in utf8 {
                quoted.append(byte)
                if byte == UInt8(ascii: "\"") { quoted.append(byte) }
            }
            quoted.append(UInt8(ascii: "\""))
            return String(decoding: quoted, as: UTF8.self)
        }
        return quotedText ?? text
    }

    /// A document from a header and rows of already formatted fields.
    public static func document(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }

    /// A document from `Encodable` rows: one column per top-level JSON key (in `columns` order when given,
    /// else sorted), numbers at full precision, null as an empty field, nested values as compact JSON.
    /// - Throws: ``FolioError`` (internal) when a row does not encode as a JSON object.
    public static func rows<T: Encodable>(_ rows: [T], columns: [String]? = nil) throws -> String {
        let encoder = JSONOutput.makeEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var objects: [[String: JSONValue]] = []
        for row in rows {
            guard case .object(let object) = try JSONDecoder().decode(JSONValue.self, from: encoder.encode(row)) else {
                throw FolioError(.internal, "CSV rows must encode as JSON objects")
            }
            objects.append(object)
        }
        let header = columns ?? Array(Set(objects.flatMap(\.keys))).sorted()
        let body = objects.map { object in header.map { object[$0]?.csvText ?? "" } }
        return document(header: header, rows: body)
    }
}

/// A JSON document as a value, numbers kept as exact decimals.
public enum JSONValue: Sendable, Equatable, Codable {
    case null
    case bool(Bool)
    case number(Decimal)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Decimal.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value back as JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value as one CSV field: null empty, nested values as compact JSON.
    var csvText: String {
        switch self {
        case .null: ""
        case .bool(let value): value ? "true" : "false"
        case .number(let value): "\(value)"
        case .string(let value): value
        case .array, .object:
            (try? JSONOutput.makeEncoder().encode(self)).map { String(decoding: $0, as: UTF8.self) }?
                .replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: "  ", with: "") ?? ""
        }
    }
}
