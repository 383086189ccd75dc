import Failures
import Foundation

/// JSON for programs: sorted keys, ISO 8601 dates, `Decimal` money as exact JSON numbers, absent values as null.
public enum JSONOutput {
    /// Encodes `value` as pretty-printed JSON text.
    /// - Throws: ``FolioError`` (internal) when the value cannot be encoded.
    public static func string<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try data(value), as: UTF8.self)
    }

    /// Encodes `value` as pretty-printed JSON bytes.
    public static func data<T: Encodable>(_ value: T) throws -> Data {
        do {
            return try makeEncoder().encode(value)
        } catch {
            throw FolioError(.internal, "could not encode the result as JSON", why: "\(error)")
        }
    }

    /// The encoder every feature's JSON output uses.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}
