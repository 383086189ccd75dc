import Foundation
import Money

/// Input rules for trades and cash movements.
public enum TradeLimits {
    /// The most shares one order may trade.
    public static let maximumQuantity = 1_000_000
    /// The largest amount one deposit, withdrawal or opening balance may move: a guard against typos.
    public static let maximumCashMovement: Amount = 1_000_000_000
    /// The highest alert level accepted.
    public static let maximumPriceLevel: Amount = 100_000_000
    /// What a person may type for dollars: no sign, at most cents, an optional `$`, thousands separators.
    public static let dollarText = ParseOptions(allowsSign: false, maximumPlaces: 2, symbols: ["$"])

    /// Parses an order quantity: a whole number from 1 to ``maximumQuantity`` (digits only, `1,000` allowed).
    /// - Throws: ``StockTradingError/invalidQuantity(_:)``.
    public static func quantity(_ text: String) throws -> Int {
        // Scalars, not `trimmingCharacters`/`replacingOccurrences`: those go through NSString, whose first use
        // sets up CoreFoundation's character sets, a cost every `buy` would pay for one trim.
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

    /// Parses a deposit or withdrawal: more than zero, whole cents, at most ``maximumCashMovement``.
    /// - Throws: ``StockTradingError/invalidAmount(_:reason:)``.
    public static func cashAmount(_ text: String, allowZero: Bool = false) throws -> Amount {
        guard centsFormed(text), let amount = try? Amount(parsing: text, options: dollarText) else {
            // A well-formed number too large for an Amount (1e29) is out of range, like 1e26, not malformed.
            if let number = Decimal(string: text.filter { $0 != "," && $0 != "$" }), !number.isNaN,
                number > maximumCashMovement.decimalValue
            {
                throw StockTradingError.invalidAmount(text, reason: rangeReason)
            }
            throw StockTradingError.invalidAmount(
                text, reason: "an amount is dollars with at most two decimals, like 2500 or 1,250.50")
        }
        guard allowZero ? !amount.isNegative : amount.isPositive else {
            throw StockTradingError.invalidAmount(text, reason: "the amount must be more than $0.00")
        }
        guard amount <= maximumCashMovement else {
            throw StockTradingError.invalidAmount(text, reason: rangeReason)
        }
        return amount
    }

    /// The one message for an amount above the limit, however it was written.
    static var rangeReason: String {
        "the most one movement may be is \(StockTradingError.dollars(maximumCashMovement))"
    }

    /// Parses an alert level: a positive price with at most two decimals.
    /// - Throws: ``StockTradingError/invalidPrice(_:)``.
    public static func priceLevel(_ text: String) throws -> Amount {
        guard centsFormed(text), let price = try? Amount(parsing: text, options: dollarText), price.isPositive,
            price <= maximumPriceLevel
        else {
            throw StockTradingError.invalidPrice(text)
        }
        return price
    }

    /// Dollars as people write them: digits before any point and one or two after it. `Amount` also reads
    /// `.5`, `5.` and `1.500`, which a typo produces as easily as an intent.
    static func centsFormed(_ text: String) -> Bool {
        guard let point = text.firstIndex(of: ".") else { return true }
        let before = text[..<point].last
        let after = text[text.index(after: point)...].prefix { !$0.isWhitespace }
        return before?.isNumber == true && (1...2).contains(after.count)
    }
}
