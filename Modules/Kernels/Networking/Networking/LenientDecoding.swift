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

/// A decimal that an API sends either as a JSON string (`"90.52890"`) or a JSON number.
///
/// Strings are parsed with `Decimal(string:)` so `"90.52890"` keeps every digit; a JSON number goes
/// through `Decimal`'s own decoding.
public struct FlexibleDecimal: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The value.
    public var value: Decimal

    /// Wraps a value.
    public init(_ value: Decimal) { self.value = value }

    /// Accepts a numeric JSON string or a JSON number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let number = Decimal.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "expected a number, found \"\(text)\"")
            }
            value = number
        } else if let number = try? container.decode(Decimal.self) {
            value = number
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a number as a JSON string or number")
        }
    }

    /// Encodes as a JSON number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    /// The decimal digits.
    public var description: String { "\(value)" }
}

extension Decimal {
    /// Parses plain decimal text (`-12.50`, `90.52890`, `1e3` refused), locale-independent; nil when it is not
    /// wholly a number.
    public static func parse(_ text: some StringProtocol) -> Decimal? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        var seenDigit = false
        var seenPoint = false
        for (offset, character) in trimmed.enumerated() {
            switch character {
            case "0"..."9": seenDigit = true
            case ".": if seenPoint { return nil } else { seenPoint = true }
            case "-", "+": if offset != 0 { return nil }
            default: return nil
            }
        }
        guard seenDigit else { return nil }
        return Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX"))
    }
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
