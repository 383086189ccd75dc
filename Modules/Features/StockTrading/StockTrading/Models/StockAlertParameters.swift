import Money

/// A stock price alert as the host's alerts keep it: the symbol as the market lists it and one level, reached
/// from below (`above`) or from above (`below`).
public struct StockAlertParameters: Codable, Sendable, Equatable {
    /// The alert kind's name (`folio alerts add stock`).
    public static let kind = "stock"

    /// The symbol, as the market spells it.
    public var symbol: String
    /// Which side of the level fires.
    public var direction: PriceAlert.Direction
    /// The level, in the currency the symbol is priced in.
    public var level: Amount
    /// That currency (ISO 4217) as the market quoted it when the alert was made; nil for an alert kept before alerts
    /// had one, whose level is in whatever the symbol is priced in.
    public var currency: String?

    /// Creates parameters.
    public init(symbol: String, direction: PriceAlert.Direction, level: Amount, currency: String? = nil) {
        self.symbol = symbol
        self.direction = direction
        self.level = level
        self.currency = currency
    }

    /// The condition in words (`AAPL above $180.00`, `VOD.L below £0.70`); dollars for an alert without a currency,
    /// from the days when every symbol was.
    public var summary: String {
        "\(symbol) \(direction.rawValue) \(MoneyText.money(level, currency: currency ?? "USD"))"
    }
}
