import Foundation

/// A current money value that one part of the program reads from another (a paper portfolio, a funds
/// portfolio, a saved ETF portfolio): the amount in its own currency, when it was true and whether it is out of
/// date. It lives in this kernel so that a domain can consume it without knowing which feature produced it.
public struct SourcedValue: Sendable, Hashable, Codable {
    /// The value, exact.
    public var amount: Amount
    /// The ISO 4217 currency of ``amount``.
    public var currency: String
    /// When the value was true (the prices' or NAVs' time, the save time of something typed in).
    public var asOf: Date
    /// Why the value is out of date (last known prices while a service is down); nil when it is current.
    public var staleBecause: String?

    /// Creates a value.
    public init(amount: Amount, currency: String, asOf: Date, staleBecause: String? = nil) {
        self.amount = amount
        self.currency = currency
        self.asOf = asOf
        self.staleBecause = staleBecause
    }

    /// Whether the value is out of date.
    public var isStale: Bool { staleBecause != nil }
}
