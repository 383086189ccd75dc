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
    /// What the value is made of, when the source says (empty when it does not): each holding in its own currency,
    /// so a household view can allocate it. The holdings' values need not add up to ``amount`` when their
    /// currencies differ from it.
    public var holdings: [SourcedHolding]

    /// Creates a value.
    public init(
        amount: Amount, currency: String, asOf: Date, staleBecause: String? = nil, holdings: [SourcedHolding] = []
    ) {
        self.amount = amount
        self.currency = currency
        self.asOf = asOf
        self.staleBecause = staleBecause
        self.holdings = holdings
    }

    /// Whether the value is out of date.
    public var isStale: Bool { staleBecause != nil }

    private enum CodingKeys: String, CodingKey {
        case amount, currency, asOf, staleBecause, holdings
    }

    /// Decodes a value; one written before values said what they are made of has no holdings.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        amount = try container.decode(Amount.self, forKey: .amount)
        currency = try container.decode(String.self, forKey: .currency)
        asOf = try container.decode(Date.self, forKey: .asOf)
        staleBecause = try container.decodeIfPresent(String.self, forKey: .staleBecause)
        holdings = try container.decodeIfPresent([SourcedHolding].self, forKey: .holdings) ?? []
    }
}
