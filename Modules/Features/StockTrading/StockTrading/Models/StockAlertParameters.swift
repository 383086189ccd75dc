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
    /// The level.
    public var level: Amount

    /// Creates parameters.
    public init(symbol: String, direction: PriceAlert.Direction, level: Amount) {
        self.symbol = symbol
        self.direction = direction
        self.level = level
    }

    /// The condition in words (`AAPL above $180.00`), money written by the face's `money`.
    public func summary(money: (Amount) -> String) -> String {
        "\(symbol) \(direction.rawValue) \(money(level))"
    }
}
