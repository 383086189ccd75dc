import Foundation

/// Encodes records to the same bytes as `JSONEncoder` with `.sortedKeys` and `.secondsSince1970` dates, which
/// every stored record was written with, at a fraction of the cost.
///
/// `JSONEncoder` builds a tree of reference-counted values and asks the runtime, value by value, whether each one
/// is a `Date`, `Data`, `URL`, `Decimal` or a string-keyed dictionary. A stock trade writes three records, and
/// encoding them was a third of the trade's work. Here primitives are written where they are encoded and only
/// containers are boxed. Decoding stays with `JSONDecoder`.
enum RecordJSONEncoder {
    /// The JSON for `value`.
    /// - Throws: `EncodingError.invalidValue` for a non-finite floating-point number or a value that encodes
    ///   nothing, as `JSONEncoder` does.
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        let root = Node(parent: nil, key: nil)
        guard let fragment = try root.fragment(for: value, key: nil) else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        var writer = JSONFragmentWriter()
        writer.write(fragment)
        return Data(writer.bytes)
    }

    /// One level of the value being encoded: the `Encoder` handed to `encode(to:)`.
    final class Node: Encoder, CodingLevel {
        private let parent: Node?
        private let key: (any CodingKey)?
        /// What this level holds once `encode(to:)` has run; nil if it encoded nothing.
        var fragment: JSONFragment?

        init(parent: Node?, key: (any CodingKey)?) {
            self.parent = parent
            self.key = key
        }

        var codingPath: [any CodingKey] { pathFromTop }
        var parentLevel: Node? { parent }
        var levelKey: (any CodingKey)? { key }

        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            let object: JSONObjectBox
            if case .object(let existing)? = fragment {
                object = existing
            } else {
                object = JSONObjectBox()
                fragment = .object(object)
            }
            return KeyedEncodingContainer(RecordKeyedContainer(node: self, object: object))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            let array: JSONArrayBox
            if case .array(let existing)? = fragment {
                array = existing
            } else {
                array = JSONArrayBox()
                fragment = .array(array)
            }
            return RecordUnkeyedContainer(node: self, array: array)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            RecordSingleValueContainer(node: self)
        }

        /// The fragment for a value stored under `key` of this level, with `JSONEncoder`'s treatment of the
        /// Foundation types it special-cases; nil when the value encodes nothing (an empty object is written).
        func fragment<T: Encodable>(for value: T, key: (any CodingKey)?) throws -> JSONFragment? {
            if T.self == Date.self {
                return try Self.number((value as! Date).timeIntervalSince1970, path: path(adding: key))
            }
            if T.self == Decimal.self { return .number(DecimalStorage.plainText(value as! Decimal)) }
            if T.self == URL.self { return .string((value as! URL).absoluteString) }
            if T.self == Data.self { return .string((value as! Data).base64EncodedString()) }
            let child = Node(parent: self, key: key)
            try value.encode(to: child)
            return child.fragment
        }

        private func path(adding key: (any CodingKey)?) -> [any CodingKey] {
            key.map { codingPath + [$0] } ?? codingPath
        }

        /// `JSONEncoder`'s spelling: the shortest round-tripping decimal, without a trailing `.0`.
        static func number<F: BinaryFloatingPoint & CustomStringConvertible>(
            _ value: F, path: @autoclosure () -> [any CodingKey]
        ) throws -> JSONFragment {
            guard value.isFinite else {
                throw EncodingError.invalidValue(
                    value,
                    .init(codingPath: path(), debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
            }
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            return .number(text)
        }
    }
}
