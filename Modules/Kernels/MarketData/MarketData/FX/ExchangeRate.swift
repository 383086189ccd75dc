import Foundation

/// How many units of ``FXPair/to`` one unit of ``FXPair/from`` bought, with where and when the rate came from: what a
/// trade in another currency records beside its price.
public struct ExchangeRate: Codable, Sendable, Equatable {
    /// The currency converted from (the instrument's).
    public var from: String
    /// The currency converted to (the account's).
    public var to: String
    /// Units of `to` per unit of `from`, exact as the provider sent it (rounded to its precision).
    public var rate: Decimal
    /// The provider that gave it (`Yahoo Finance`), or `identity` for a currency converted into itself.
    public var source: String
    /// When the rate was made on the market (the provider's time for its quote).
    public var asOf: Date
    /// Whether it is a stored rate standing in for a fresh one (no provider could answer).
    public var isStale: Bool

    /// Creates a rate.
    public init(from: String, to: String, rate: Decimal, source: String, asOf: Date, isStale: Bool = false) {
        self.from = from
        self.to = to
        self.rate = rate
        self.source = source
        self.asOf = asOf
        self.isStale = isStale
    }

    /// The pair converted.
    public var pair: FXPair { FXPair(from: from, to: to) }
}
