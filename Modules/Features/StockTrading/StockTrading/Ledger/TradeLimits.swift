import Foundation

/// Input rules for trades and cash movements.
public enum TradeLimits {
    /// The most shares one order may trade.
    public static let maximumQuantity = 1_000_000

    /// Parses an order quantity: a whole number from 1 to ``maximumQuantity`` (digits only, `1,000` allowed).
    /// - Throws: ``StockTradingError/invalidQuantity(_:)``.
    public static func quantity(_ text: String) throws -> Int {
        // Scalars, not `trimmingCharacters`/`replacingOccurrences`: those go through NSString, whose first use
        // sets up CoreFoundation's character sets, 3 % of a `buy`.
        let scalars = text.unicodeScalars
        let visible = { (scalar: Unicode.Scalar) in !CharacterSet.whitespaces.contains(scalar) }
        let start = scalars.firstIndex(where: visible) ?? scalars.endIndex
        let end = scalars.lastIndex(where: visible).map { scalars.index(after: $0) } ?? start
        let digits = String(String.UnicodeScalarView(scalars[start..<end].filter { $0 != "," }))
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let value = Int(digits), (1...maximumQuantity).contains(value)
        else { throw StockTradingError.invalidQuantity(text) }
        return value
    }

    /// Parses a deposit or withdrawal: more than zero, whole cents, at most ``Money/maximumCashMovement``.
    /// - Throws: ``StockTradingError/invalidAmount(_:reason:)``.
    public static func cashAmount(_ text: String, allowZero: Bool = false) throws -> Decimal {
        guard let amount = Money.parse(text) else {
            throw StockTradingError.invalidAmount(text, reason: "an amount is dollars with at most two decimals, like 2500 or 1,250.50")
        }
        guard allowZero ? amount >= 0 : amount > 0 else {
            throw StockTradingError.invalidAmount(text, reason: "the amount must be more than $0.00")
        }
        guard amount <= Money.maximumCashMovement else {
            throw StockTradingError.invalidAmount(text, reason: "the most one movement may be is \(Money.format(Money.maximumCashMovement))")
        }
        return amount
    }

    /// Parses an alert level: a positive price with at most two decimals.
    /// - Throws: ``StockTradingError/invalidPrice(_:)``.
    public static func priceLevel(_ text: String) throws -> Decimal {
        guard let price = Money.parse(text), price > 0, price <= 100_000_000 else {
            throw StockTradingError.invalidPrice(text)
        }
        return price
    }
}
