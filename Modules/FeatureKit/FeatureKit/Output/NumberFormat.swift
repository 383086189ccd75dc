import Money

/// Money, numbers and percentages for people, without locale surprises: `£1,234.56`, `-£250.00`,
/// `$174.26`, `₹90.5289`, `+12.34%`. Values are exact ``Money/Amount``s; rounding is half-to-even unless the
/// caller names its seed's rule, and a value that rounds to zero shows no sign.
public enum NumberFormat {
    /// The symbol for an ISO 4217 code, or the code and a space when there is no well-known symbol.
    public static func currencySymbol(_ code: String) -> String { MoneyText.symbol(code) }

    /// `value` rounded to `fractionDigits` with thousands separators: `1,234.56`.
    public static func decimal(
        _ value: Amount, fractionDigits: Int = 2, grouping: Bool = true,
        rounding: RoundingRule = .halfEven
    ) -> String {
        value.formatted(places: fractionDigits, rounding: rounding, grouping: grouping)
    }

    /// Money with its symbol, the sign before the symbol: `£1,234.56`, `-£250.00`.
    public static func money(
        _ value: Amount, currency: String, fractionDigits: Int = 2,
        rounding: RoundingRule = .halfEven
    ) -> String {
        MoneyText.money(value, currency: currency, fractionDigits: fractionDigits, rounding: rounding)
    }

    /// Money with an explicit sign: `+£12.00`, `-£3.50`, `£0.00`.
    public static func signedMoney(
        _ value: Amount, currency: String, fractionDigits: Int = 2,
        rounding: RoundingRule = .halfEven
    ) -> String {
        value.formatted(places: fractionDigits, rounding: rounding, symbol: currencySymbol(currency), sign: .always)
    }

    /// A fraction as a percentage: `0.1234` → `+12.34%`, `-0.05` → `-5.00%`, `0` → `0.00%`
    /// (`signed: false` → `12.34%`).
    public static func percent(_ fraction: Amount, fractionDigits: Int = 2, signed: Bool = true) -> String {
        MoneyText.percent(fraction, fractionDigits: fractionDigits, signed: signed)
    }

    /// A `Double` fraction (a statistic such as volatility) as a percentage; `n/a` when it is not finite.
    public static func percent(_ fraction: Double, fractionDigits: Int = 2, signed: Bool = true) -> String {
        // The shortest decimal that reads back as the same Double (else the Double to 12 places), then rounded like
        // any amount.
        guard let amount = Amount(shortestDigitsOf: fraction) ?? Amount(fraction, places: Amount.places) else {
            return "n/a"
        }
        return percent(amount, fractionDigits: fractionDigits, signed: signed)
    }
}
