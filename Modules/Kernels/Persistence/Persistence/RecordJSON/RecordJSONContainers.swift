import Foundation

/// An object's container: primitives become their JSON text at once; anything else is encoded by a child level.
struct RecordKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: RecordJSONEncoder.Node
    let object: JSONObjectBox

    var codingPath: [any CodingKey] { node.codingPath }

    private func add(_ fragment: JSONFragment, _ key: Key) {
        object.members.append((key.stringValue, fragment))
    }

    mutating func encodeNil(forKey key: Key) throws { add(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { add(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { add(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        add(try RecordJSONEncoder.Node.number(value, path: codingPath + [key]), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        add(try RecordJSONEncoder.Node.number(value, path: codingPath + [key]), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { add(.number(String(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { add(.number(String(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { add(.number(String(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { add(.number(String(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { add(.number(String(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { add(.number(String(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { add(.number(String(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { add(.number(String(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { add(.number(String(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { add(.number(String(value)), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        add(try node.fragment(for: value, key: key) ?? .object(JSONObjectBox()), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONObjectBox()
        add(.object(nested), key)
        return KeyedEncodingContainer(
            RecordKeyedContainer<NestedKey>(node: RecordJSONEncoder.Node(parent: node, key: key), object: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = JSONArrayBox()
        add(.array(nested), key)
        return RecordUnkeyedContainer(node: RecordJSONEncoder.Node(parent: node, key: key), array: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let child = RecordJSONEncoder.Node(parent: node, key: RecordJSONKey.super)
        object.members.append((RecordJSONKey.super.stringValue, .encoder(child)))
        return child
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = RecordJSONEncoder.Node(parent: node, key: key)
        add(.encoder(child), key)
        return child
    }
}

/// An array's container.
struct RecordUnkeyedContainer: UnkeyedEncodingContainer {
    let node: RecordJSONEncoder.Node
    let array: JSONArrayBox

    var codingPath: [any CodingKey] { node.codingPath }
    var count: Int { array.elements.count }

    private var nextKey: RecordJSONKey { .index(array.elements.count) }

    mutating func encodeNil() throws { array.elements.append(.null) }
    mutating func encode(_ value: Bool) throws { array.elements.append(.bool(value)) }
    mutating func encode(_ value: String) throws { array.elements.append(.string(value)) }
    mutating func encode(_ value: Double) throws {
        array.elements.append(try RecordJSONEncoder.Node.number(value, path: codingPath + [nextKey]))
    }
    mutating func encode(_ value: Float) throws {
        array.elements.append(try RecordJSONEncoder.Node.number(value, path: codingPath + [nextKey]))
    }
    mutating func encode(_ value: Int) throws { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: Int8) throws { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: Int16) throws { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: Int32) throws { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: Int64) throws { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: UInt) throws { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: UInt8) throws { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: UInt16) throws { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: UInt32) throws { array.elements.append(.number(String(value))) }
    mutating func encode(_ value: UInt64) throws { array.elements.append(.number(String(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        array.elements.append(try node.fragment(for: value, key: nextKey) ?? .object(JSONObjectBox()))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested = JSONObjectBox()
        let key = nextKey
        array.elements.append(.object(nested))
        return KeyedEncodingContainer(
            RecordKeyedContainer<NestedKey>(node: RecordJSONEncoder.Node(parent: node, key: key), object: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONArrayBox()
        let key = nextKey
        array.elements.append(.array(nested))
        return RecordUnkeyedContainer(node: RecordJSONEncoder.Node(parent: node, key: key), array: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let child = RecordJSONEncoder.Node(parent: node, key: nextKey)
        array.elements.append(.encoder(child))
        return child
    }
}

/// A single value: sets what its level holds.
struct RecordSingleValueContainer: SingleValueEncodingContainer {
    let node: RecordJSONEncoder.Node

    var codingPath: [any CodingKey] { node.codingPath }

    mutating func encodeNil() throws { node.fragment = .null }
    mutating func encode(_ value: Bool) throws { node.fragment = .bool(value) }
    mutating func encode(_ value: String) throws { node.fragment = .string(value) }
    mutating func encode(_ value: Double) throws { node.fragment = try RecordJSONEncoder.Node.number(value, path: codingPath) }
    mutating func encode(_ value: Float) throws { node.fragment = try RecordJSONEncoder.Node.number(value, path: codingPath) }
    mutating func encode(_ value: Int) throws { node.fragment = .number(String(value)) }
    mutating func encode(_ value: Int8) throws { node.fragment = .number(String(value)) }
    mutating func encode(_ value: Int16) throws { node.fragment = .number(String(value)) }
    mutating func encode(_ value: Int32) throws { node.fragment = .number(String(value)) }
    mutating func encode(_ value: Int64) throws { node.fragment = .number(String(value)) }
    mutating func encode(_ value: UInt) throws { node.fragment = .number(String(value)) }
    mutating func encode(_ value: UInt8) throws { node.fragment = .number(String(value)) }
    mutating func encode(_ value: UInt16) throws { node.fragment = .number(String(value)) }
    mutating func encode(_ value: UInt32) throws { node.fragment = .number(String(value)) }
    mutating func encode(_ value: UInt64) throws { node.fragment = .number(String(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.fragment = try node.fragment(for: value, key: nil) ?? .object(JSONObjectBox())
    }
}

/// The keys Codable leaves to the encoder: `super`, and array positions for coding paths in errors.
enum RecordJSONKey: CodingKey {
    case `super`
    case index(Int)

    var stringValue: String {
        switch self {
        case .super: "super"
        case .index(let index): "Index \(index)"
        }
    }

    var intValue: Int? {
        if case .index(let index) = self { return index }
        return nil
    }

    init?(stringValue: String) {
        guard stringValue == "super" else { return nil }
        self = .super
    }
    init?(intValue: Int) { self = .index(intValue) }
}
