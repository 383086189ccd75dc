/// Money and percentages written one way by every face and every domain message (`£1,234.56`, `+12.34%`), so an
/// alert's title, a table and a page never disagree on how a figure reads.
public enum MoneyText {
    /// The symbol written before an amount of `code`: `£`, `$`, `₹`; the code and a space for the others.
    public static func symbol(_ code: String) -> String {
        switch code.uppercased() {
        case "GBP": "£"
        case "USD": "$"
        case "EUR": "€"
        case "INR": "₹"
        case "JPY": "¥"
        case "AUD": "A$"
        case "NZD": "NZ$"
        case "CAD": "C$"
        default: code.uppercased() + " "
        }
    }

    /// `value` in `currency` with its symbol and thousands separators: `£1,234.56`.
    public static func money(
        _ value: Amount, currency: String, fractionDigits: Int = 2, rounding: RoundingRule = .halfEven
    ) -> String {
        value.formatted(places: fractionDigits, rounding: rounding, symbol: symbol(currency))
    }

    /// A fraction as a percentage (`0.1234` → `+12.34%`); `n/a` when a hundredfold does not fit.
    public static func percent(_ fraction: Amount, fractionDigits: Int = 2, signed: Bool = true) -> String {
        guard let hundredfold = try? fraction * 100 else { return "n/a" }
        return hundredfold.formatted(places: fractionDigits, sign: signed ? .always : .negativeOnly) + "%"
    }
}
