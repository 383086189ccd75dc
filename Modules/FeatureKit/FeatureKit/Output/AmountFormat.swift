import Money

/// The ``NumberFormat`` vocabulary for exact ``Money/Amount`` values: `£1,234.56`, `+₹12.00`, `+12.34%`.
/// Rounding is half-to-even unless the caller names its seed's rule.
extension NumberFormat {
    /// `value` rounded to `fractionDigits` with thousands separators: `1,234.56`.
    public static func decimal(_ value: Amount, fractionDigits: Int = 2, grouping: Bool = true,
        rounding: RoundingRule = .halfEven) -> String
    {
        value.formatted(places: fractionDigits, rounding: rounding, grouping: grouping)
    }

    /// Money with its symbol, the sign before the symbol: `£1,234.56`, `-£250.00`.
    public static func money(_ value: Amount, currency: String, fractionDigits: Int = 2,
        rounding: RoundingRule = .halfEven) -> String
    {
        value.formatted(places: fractionDigits, rounding: rounding, symbol: currencySymbol(currency))
    }

    /// Money with an explicit sign: `+£12.00`, `-£3.50`, `£0.00`.
    public static func signedMoney(_ value: Amount, currency: String, fractionDigits: Int = 2,
        rounding: RoundingRule = .halfEven) -> String
    {
        value.formatted(places: fractionDigits, rounding: rounding, symbol: currencySymbol(currency), sign: .always)
    }

    /// A fraction as a percentage: `0.1234` → `+12.34%` (`signed: false` → `12.34%`).
    public static func percent(_ fraction: Amount, fractionDigits: Int = 2, signed: Bool = true) -> String {
        // × 100 cannot overflow a fraction anyone prints; fall back to the Double path if it would.
        guard let hundredfold = try? fraction * 100 else {
            return percent(fraction.doubleValue, fractionDigits: fractionDigits, signed: signed)
        }
        return hundredfold.formatted(places: fractionDigits, sign: signed ? .always : .negativeOnly) + "%"
    }
}
