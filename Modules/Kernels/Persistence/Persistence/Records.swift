import Foundation

/// A record as stored: its key, encoded value and bookkeeping.
public struct RawRecord: Sendable, Hashable {
    /// The key within its namespace.
    public var key: String
    /// The encoded value.
    public var value: Data
    /// When the record was last written.
    public var storedAt: Date
    /// When the record stops being fresh, if ever. Expired records are still returned, marked stale.
    public var expiresAt: Date?

    /// Creates a record.
    public init(key: String, value: Data, storedAt: Date, expiresAt: Date?) {
        self.key = key
        self.value = value
        self.storedAt = storedAt
        self.expiresAt = expiresAt
    }
}

/// A decoded record.
public struct Entry<Value> {
    /// The key within its namespace.
    public var key: String
    /// The decoded value.
    public var value: Value
    /// When the record was last written.
    public var storedAt: Date
    /// When the record stops being fresh, if ever.
    public var expiresAt: Date?

    /// Creates an entry.
    public init(key: String, value: Value, storedAt: Date, expiresAt: Date?) {
        self.key = key
        self.value = value
        self.storedAt = storedAt
        self.expiresAt = expiresAt
    }

    /// Whether the entry has passed its expiry at `now`; a stale entry is still usable, just not fresh.
    public func isStale(at now: Date) -> Bool {
        guard let expiresAt else { return false }
        return now >= expiresAt
    }
}

extension Entry: Sendable where Value: Sendable {}

/// A contiguous, ordered range of keys: `lower` inclusive, `upper` exclusive; nil means unbounded.
public struct KeyRange: Sendable, Hashable {
    /// The smallest key included, or nil for no lower bound.
    public var lower: String?
    /// The first key excluded, or nil for no upper bound.
    public var upper: String?

    /// Creates a range.
    public init(from lower: String? = nil, to upper: String? = nil) {
        self.lower = lower
        self.upper = upper
    }

    /// Every key.
    public static let all = KeyRange()

    /// Every key that starts with `prefix`.
    public static func prefix(_ prefix: String) -> KeyRange {
        guard !prefix.isEmpty else { return .all }
        return KeyRange(from: prefix, to: prefix.prefixUpperBound)
    }

    /// Whether `key` falls inside the range.
    public func contains(_ key: String) -> Bool {
        if let lower, key.utf8.lexicographicallyPrecedes(lower.utf8) { return false }
        if let upper, !key.utf8.lexicographicallyPrecedes(upper.utf8) { return false }
        return true
    }
}

extension String {
    /// The smallest string greater than every string with this prefix (bytewise), or nil if none exists.
    var prefixUpperBound: String? {
        var bytes = Array(utf8)
        while let last = bytes.last {
            if last < 0x7F {
                bytes[bytes.count - 1] = last + 1
                return String(decoding: bytes, as: UTF8.self)
            }
            bytes.removeLast()
        }
        return nil
    }
}

/// Key order is bytewise UTF-8 order, the same in every backend (SQLite's BINARY collation).
public func keyPrecedes(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
}
