import Foundation

/// Reads stored records: what `JSONDecoder` with `.secondsSince1970` dates reads, to the same values, at a
/// fraction of the cost.
///
/// `JSONDecoder` asks the runtime for each value whether it is a `Date`, `Data`, `URL`, `Decimal` or a string-keyed
/// dictionary, and parses every `Decimal` through Foundation's digit-by-digit arithmetic: about 47,000
/// instructions to read a small record. Here a `Decimal` whose digits fit in 64 bits is built directly, in the
/// same form `JSONDecoder` gives it (trailing zeros folded into the exponent), so a record read and written back
/// keeps its bytes.
enum RecordJSONDecoder {
    /// The value of type `T` in `data`.
    /// - Throws: `DecodingError`, as `JSONDecoder` would for the same input.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let parsed: Result<JSONValue, JSONSyntaxError> = data.withUnsafeBytes { raw in
            var parser = JSONValueParser(bytes: raw.bindMemory(to: UInt8.self))
            return Result { () throws(JSONSyntaxError) in try parser.parseDocument() }
        }
        let value: JSONValue
        switch parsed {
        case .success(let document): value = document
        case .failure(let error):
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [],
                    debugDescription: "The given data was not valid JSON: \(error.reason) at byte \(error.offset)."))
        }
        return try Node(value: value, parent: nil, key: nil).unwrap(T.self)
    }

    /// One level of the value being decoded: the `Decoder` handed to `init(from:)`.
    final class Node: Decoder, CodingLevel {
        let value: JSONValue
        private let parent: Node?
        private let key: (any CodingKey)?

        init(value: JSONValue, parent: Node?, key: (any CodingKey)?) {
            self.value = value
            self.parent = parent
            self.key = key
        }

        var codingPath: [any CodingKey] { pathFromTop }
        var parentLevel: Node? { parent }
        var levelKey: (any CodingKey)? { key }

        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            guard case .object(let members) = value else { throw mismatch([String: Any].self) }
            return KeyedDecodingContainer(RecordKeyedDecodingContainer<Key>(node: self, members: members))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            guard case .array(let elements) = value else { throw mismatch([Any].self) }
            return RecordUnkeyedDecodingContainer(node: self, elements: elements)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer {
            RecordSingleValueDecodingContainer(node: self)
        }

        /// The child level for `value` stored under `key`.
        func child(_ value: JSONValue, key: (any CodingKey)?) -> Node {
            Node(value: value, parent: self, key: key)
        }

        /// This level's value as `T`, with `JSONDecoder`'s treatment of the Foundation types it special-cases.
        func unwrap<T: Decodable>(_ type: T.Type) throws -> T {
            if T.self == Date.self { return Date(timeIntervalSince1970: try number(Double.self)) as! T }
            if T.self == Decimal.self { return try decimal() as! T }
            if T.self == URL.self {
                guard let url = URL(string: try string()) else { throw corrupted("Invalid URL string.") }
                return url as! T
            }
            if T.self == Data.self {
                guard let data = Data(base64Encoded: try string()) else {
                    throw corrupted("Encountered Data is not valid Base64.")
                }
                return data as! T
            }
            return try T(from: self)
        }

        func bool() throws -> Bool {
            guard case .bool(let flag) = value else { throw mismatch(Bool.self) }
            return flag
        }

        func string() throws -> String {
            guard case .string(let text) = value else { throw mismatch(String.self) }
            return text
        }

        func number<F: BinaryFloatingPoint & LosslessStringConvertible>(_ type: F.Type) throws -> F {
            guard case .number(let text) = value else { throw mismatch(F.self) }
            guard let number = F(text), number.isFinite else {
                throw corrupted("Parsed JSON number <\(text)> does not fit in \(F.self).")
            }
            return number
        }

        func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
            guard case .number(let text) = value else { throw mismatch(I.self) }
            if let integer = I(text) { return integer }
            // Written with a fraction or an exponent: accepted when the value is a whole number that fits.
            if let whole = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
                let exact = Int64(exactly: NSDecimalNumber(decimal: whole).doubleValue),
                Decimal(exact) == whole, let integer = I(exactly: exact)
            {
                return integer
            }
            throw corrupted("Parsed JSON number <\(text)> does not fit in \(I.self).")
        }

        /// `JSONDecoder` parses the text to a `Decimal` and folds trailing zeros into the exponent.
        func decimal() throws -> Decimal {
            guard case .number(let text) = value else { throw mismatch(Decimal.self) }
            if let fast = Self.smallDecimal(text) { return fast }
            guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                throw corrupted("Parsed JSON number <\(text)> does not fit in Decimal.")
            }
            return decimal
        }

        /// Plain numbers (`-12.34`, no exponent) of at most 18 digits, built from integers.
        static func smallDecimal(_ text: String) -> Decimal? {
            var significand: UInt64 = 0
            var digits = 0
            var fractionDigits = 0
            var negative = false
            var seenPoint = false
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "-") where digits == 0 && !negative: negative = true
                case UInt8(ascii: ".") where !seenPoint: seenPoint = true
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    digits += 1
                    guard digits <= 18 else { return nil }
                    significand = significand * 10 + UInt64(byte - UInt8(ascii: "0"))
                    if seenPoint { fractionDigits += 1 }
                default: return nil
                }
            }
            guard significand != 0 else { return Decimal(0) }
            var exponent = -fractionDigits
            while significand % 10 == 0 {
                significand /= 10
                exponent += 1
            }
            return Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
        }

        func mismatch(_ type: Any.Type) -> DecodingError {
            if case .null = value {
                return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "Cannot get value of type \(type) -- found null value instead"))
            }
            return .typeMismatch(
                type, .init(codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(kind) instead."))
        }

        func corrupted(_ description: String) -> DecodingError {
            .dataCorrupted(.init(codingPath: codingPath, debugDescription: description))
        }

        private var kind: String {
            switch value {
            case .null: "null"
            case .bool: "bool"
            case .number: "number"
            case .string: "a string"
            case .array: "an array"
            case .object: "a dictionary"
            }
        }
    }
}
