import Foundation

/// An object's members by key; of two equal keys the first wins, as in `JSONDecoder`.
struct RecordKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let node: RecordJSONDecoder.Node
    let members: [JSONMember]
    /// For large objects (string-keyed dictionaries), positions by key; small ones are searched in place.
    private let index: [String: Int]?

    init(node: RecordJSONDecoder.Node, members: [JSONMember]) {
        self.node = node
        self.members = members
        if members.count > 16 {
            var index: [String: Int] = [:]
            index.reserveCapacity(members.count)
            for (position, member) in members.enumerated() where index[member.key] == nil { index[member.key] = position }
            self.index = index
        } else {
            index = nil
        }
    }

    var codingPath: [any CodingKey] { node.codingPath }

    var allKeys: [Key] {
        var seen = Set<String>()
        return members.compactMap { member in seen.insert(member.key).inserted ? Key(stringValue: member.key) : nil }
    }

    private func value(for name: String) -> JSONValue? {
        if let index { return index[name].map { members[$0].value } }
        return members.first(where: { $0.key == name })?.value
    }

    func contains(_ key: Key) -> Bool { value(for: key.stringValue) != nil }

    private func child(_ key: Key) throws -> RecordJSONDecoder.Node {
        guard let value = value(for: key.stringValue) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return node.child(value, key: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try child(key).value { return true }
        return false
    }

    // The common cases read the value in place; a child level is built only to decode a nested type or to
    // describe an error.
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        if case .bool(let flag)? = value(for: key.stringValue) { return flag }
        return try child(key).bool()
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        if case .string(let text)? = value(for: key.stringValue) { return text }
        return try child(key).string()
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).number(Double.self) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).number(Float.self) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        if case .number(let text)? = value(for: key.stringValue), let integer = Int(text) { return integer }
        return try child(key).integer(Int.self)
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).integer(Int8.self) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).integer(Int16.self) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).integer(Int32.self) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).integer(Int64.self) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).integer(UInt.self) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).integer(UInt8.self) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).integer(UInt16.self) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).integer(UInt32.self) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).integer(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if T.self == Decimal.self, case .number(let text)? = value(for: key.stringValue),
            let decimal = RecordJSONDecoder.Node.smallDecimal(text)
        {
            return decimal as! T
        }
        return try child(key).unwrap(T.self)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        node.child(value(for: "super") ?? .null, key: RecordJSONKey.super)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        node.child(value(for: key.stringValue) ?? .null, key: key)
    }
}

/// An array's elements in order.
struct RecordUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let node: RecordJSONDecoder.Node
    let elements: [JSONValue]
    private(set) var currentIndex = 0

    init(node: RecordJSONDecoder.Node, elements: [JSONValue]) {
        self.node = node
        self.elements = elements
    }

    var codingPath: [any CodingKey] { node.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next(_ type: Any.Type) throws -> RecordJSONDecoder.Node {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                .init(
                    codingPath: codingPath + [RecordJSONKey.index(currentIndex)],
                    debugDescription: "Unkeyed container is at end."))
        }
        let child = node.child(elements[currentIndex], key: RecordJSONKey.index(currentIndex))
        currentIndex += 1
        return child
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any?.self, .init(codingPath: codingPath, debugDescription: "Unkeyed container is at end."))
        }
        guard case .null = elements[currentIndex] else { return false }
        currentIndex += 1
        return true
    }

    /// Reads the next element; the index moves on only when it is read successfully, as in `JSONDecoder`.
    private mutating func read<T>(_ type: T.Type, _ body: (RecordJSONDecoder.Node) throws -> T) throws -> T {
        let start = currentIndex
        let child = try next(T.self)
        do {
            return try body(child)
        } catch {
            currentIndex = start
            throw error
        }
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try read(type) { try $0.bool() } }
    mutating func decode(_ type: String.Type) throws -> String { try read(type) { try $0.string() } }
    mutating func decode(_ type: Double.Type) throws -> Double { try read(type) { try $0.number(Double.self) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try read(type) { try $0.number(Float.self) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try read(type) { try $0.integer(Int.self) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try read(type) { try $0.integer(Int8.self) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try read(type) { try $0.integer(Int16.self) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try read(type) { try $0.integer(Int32.self) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try read(type) { try $0.integer(Int64.self) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try read(type) { try $0.integer(UInt.self) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) { try $0.integer(UInt8.self) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) { try $0.integer(UInt16.self) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) { try $0.integer(UInt32.self) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) { try $0.integer(UInt64.self) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(type) { try $0.unwrap(T.self) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try read(KeyedDecodingContainer<NestedKey>.self) { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try read((any UnkeyedDecodingContainer).self) { try $0.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next((any Decoder).self)
    }
}

/// A single value.
struct RecordSingleValueDecodingContainer: SingleValueDecodingContainer {
    let node: RecordJSONDecoder.Node

    var codingPath: [any CodingKey] { node.codingPath }

    func decodeNil() -> Bool {
        if case .null = node.value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool { try node.bool() }
    func decode(_ type: String.Type) throws -> String { try node.string() }
    func decode(_ type: Double.Type) throws -> Double { try node.number(Double.self) }
    func decode(_ type: Float.Type) throws -> Float { try node.number(Float.self) }
    func decode(_ type: Int.Type) throws -> Int { try node.integer(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try node.integer(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try node.integer(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try node.integer(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try node.integer(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try node.integer(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try node.integer(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try node.integer(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try node.integer(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try node.integer(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try node.unwrap(T.self) }
}
