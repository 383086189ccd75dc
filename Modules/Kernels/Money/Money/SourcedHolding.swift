/// One thing a sourced value is made of (a share, a fund scheme, an ETF, the cash beside them), so that a household
/// view can break values down by asset class and currency without knowing the feature that holds it.
public struct SourcedHolding: Sendable, Hashable, Codable {
    /// What people call it (`AAPL`, `Parag Parikh Flexi Cap Fund - Direct Growth`, `Cash`).
    public var name: String
    /// Its asset class.
    public var assetClass: HoldingClass
    /// The ISO 4217 currency of ``value`` and ``dayChange``.
    public var currency: String
    /// Its value now, exact.
    public var value: Amount
    /// How much its value moved since the previous close (the day's price move × quantity); nil when not known.
    public var dayChange: Amount?

    /// Creates a holding.
    public init(name: String, assetClass: HoldingClass, currency: String, value: Amount, dayChange: Amount? = nil) {
        self.name = name
        self.assetClass = assetClass
        self.currency = currency
        self.value = value
        self.dayChange = dayChange
    }
}
