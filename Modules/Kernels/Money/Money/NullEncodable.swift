/// Encodes optionals as explicit JSON `null` (the synthesised `Encodable` omits nil keys, and absent values
/// must read as null, never as a missing key).
///
/// In the Money kernel because it imports nothing of ours: domain report values (whose absent figures are mostly
/// money that cannot be worked out) use it as well as the faces.
@propertyWrapper
public struct NullEncodable<Value: Encodable & Sendable>: Encodable, Sendable {
    /// The value, or nil for null.
    public var wrappedValue: Value?

    /// Wraps a value.
    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    /// Encodes the value or null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension NullEncodable: Decodable where Value: Decodable {
    /// Decodes the value, or nil from null.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }
}

extension NullEncodable: Equatable where Value: Equatable {}
extension NullEncodable: Hashable where Value: Hashable {}

extension KeyedDecodingContainer {
    /// A missing key reads as null, so report values decode what they encode and what older writers omitted.
    public func decode<Value: Decodable & Sendable>(
        _ type: NullEncodable<Value>.Type, forKey key: Key
    ) throws -> NullEncodable<Value> {
        try decodeIfPresent(type, forKey: key) ?? NullEncodable(wrappedValue: nil)
    }
}
