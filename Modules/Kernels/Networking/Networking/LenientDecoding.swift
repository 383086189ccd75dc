import Foundation
import Timing

/// An integer that an API sends either as a JSON number or as a numeric string (`123` or `"123"`).
public struct FlexibleInt: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The value.
    public var value: Int

    /// Wraps a value.
    public init(_ value: Int) { self.value = value }

    /// Accepts a JSON integer or a string of digits (surrounding spaces allowed).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            value = number
        } else if let text = try? container.decode(String.self),
            let number = Int(text.trimmingCharacters(in: .whitespaces))
        {
            value = number
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected an integer as a JSON number or numeric string")
        }
    }

    /// Encodes as a JSON number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    /// The decimal digits.
    public var description: String { String(value) }
}

extension KeyedDecodingContainer {
    /// Decodes a calendar date written in `layout` (`DD-MM-YYYY` or `YYYY-MM-DD`).
    public func decodeCalendarDate(forKey key: Key, layout: CalendarDate.Layout) throws -> CalendarDate {
        let text = try decode(String.self, forKey: key)
        guard let date = CalendarDate(parsing: text, layout: layout) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected a date as \(layout.pattern), found \"\(text)\"")
        }
        return date
    }

    /// Decodes a value that the API sends as a string holding JSON (a second JSON document inside the first).
    /// Returns nil, never throws, when the string is absent, empty or does not decode: such data is
    /// supplementary by nature.
    public func decodeEmbeddedJSONIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) -> T? {
        guard var text = try? decodeIfPresent(String.self, forKey: key), !text.isEmpty else { return nil }
        // Through the UTF-8 buffer, not `Data(text.utf8)`: that asks the runtime whether `String.UTF8View` is
        // `ContiguousBytes`, a scan of every conformance record on Linux.
        let data = text.withUTF8 { Data(buffer: $0) }
        return try? JSONDecoder().decode(type, from: data)
    }

    /// Decodes a value, returning nil instead of throwing when it is absent, null or of the wrong shape.
    public func decodeLenient<T: Decodable>(_ type: T.Type, forKey key: Key) -> T? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }
}

extension CalendarDate.Layout {
    /// The layout as a pattern people read: `DD-MM-YYYY`.
    public var pattern: String {
        switch self {
        case .yearMonthDay: "YYYY-MM-DD"
        case .dayMonthYear: "DD-MM-YYYY"
        }
    }
}
