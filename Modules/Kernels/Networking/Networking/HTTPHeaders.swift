/// HTTP header fields, kept in order, looked up case-insensitively.
public struct HTTPHeaders: Sendable, Hashable, ExpressibleByDictionaryLiteral, Sequence {
    private var fields: [(name: String, value: String)]

    /// Creates headers from name–value pairs.
    public init(_ fields: [(String, String)] = []) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    /// Creates headers from a literal.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value for `name`, ignoring case; setting replaces every field of that name.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveEquals(name) }?.value }
        set {
            fields.removeAll { $0.name.caseInsensitiveEquals(name) }
            if let newValue { fields.append((name: name, value: newValue)) }
        }
    }

    /// The fields in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    /// Headers are equal when they hold the same fields in the same order (names compared case-insensitively).
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { $0.name.caseInsensitiveEquals($1.name) && $0.value == $1.value }
    }

    /// Hashes the lower-cased names and the values.
    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name.lowercased())
            hasher.combine(field.value)
        }
    }
}

extension String {
    fileprivate func caseInsensitiveEquals(_ other: String) -> Bool {
        count == other.count && lowercased() == other.lowercased()
    }
}
