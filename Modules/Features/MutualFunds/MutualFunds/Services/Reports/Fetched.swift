import Foundation

/// A value with its freshness.
public struct Fetched<Value: Sendable>: Sendable {
    /// The value.
    public var value: Value
    /// How fresh it is.
    public var freshness: Freshness

    /// Creates a fetched value.
    public init(value: Value, freshness: Freshness) {
        self.value = value
        self.freshness = freshness
    }

    /// Whether the value is past its freshness or stood in for a failed fetch.
    public var isStale: Bool { freshness.stale }
    /// When the value was fetched.
    public var asOf: Date { freshness.asOf }
    /// Whether it came from the local cache.
    public var fromCache: Bool { freshness.fromCache }
}
