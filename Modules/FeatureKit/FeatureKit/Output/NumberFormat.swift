import Foundation

/// Money, numbers and percentages for people, without locale surprises: `£1,234.56`, `-£250.00`,
/// `$174.26`, `₹90.5289`, `+12.34%`. Rounding is half-to-even on `Decimal`, so no binary-float artefacts.
public enum NumberFormat {
    /// The symbol for an ISO 4217 code, or the code and a space when there is no well-known symbol.
    public static func currencySymbol(_ code: String) -> String {
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

    /// `value` rounded to `fractionDigits` with thousands separators: `1,234.56`.
    public static func decimal(_ value: Decimal, fractionDigits: Int = 2, grouping: Bool = true) -> String {
        var input = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &input, fractionDigits, .bankers)
        let negative = rounded < 0
        let magnitude = negative ? -rounded : rounded
        var text = NSDecimalNumber(decimal: magnitude).stringValue
        var (integer, fraction) = split(text)
        if fraction.count < fractionDigits { fraction += String(repeating: "0", count: fractionDigits - fraction.count) }
        if grouping { integer = group(integer) }
        text = fractionDigits > 0 ? integer + "." + fraction : integer
        return (negative && rounded != 0 ? "-" : "") + text
    }

    /// Money with its symbol, the sign before the symbol: `£1,234.56`, `-£250.00`.
    public static func money(_ value: Decimal, currency: String, fractionDigits: Int = 2) -> String {
        let text = decimal(value, fractionDigits: fractionDigits)
        let symbol = currencySymbol(currency)
        return text.hasPrefix("-") ? "-" + symbol + text.dropFirst() : symbol + text
    }

    /// Money with an explicit sign: `+£12.00`, `-£3.50`, `£0.00`.
    public static func signedMoney(_ value: Decimal, currency: String, fractionDigits: Int = 2) -> String {
        let text = money(value, currency: currency, fractionDigits: fractionDigits)
        return value > 0 && decimal(value, fractionDigits: fractionDigits) != decimal(0, fractionDigits: fractionDigits)
            ? "+" + text : text
    }

    /// A fraction as a signed percentage: `0.1234` → `+12.34%`, `-0.05` → `-5.00%`, `0` → `0.00%`.
    public static func percent(_ fraction: Decimal, fractionDigits: Int = 2, signed: Bool = true) -> String {
        let text = decimal(fraction * 100, fractionDigits: fractionDigits, grouping: true)
        let isZero = text.allSatisfy { $0 == "0" || $0 == "." || $0 == "-" }
        if isZero { return decimal(0, fractionDigits: fractionDigits) + "%" }
        return (signed && !text.hasPrefix("-") ? "+" : "") + text + "%"
    }

    /// A `Double` fraction as a signed percentage.
    public static func percent(_ fraction: Double, fractionDigits: Int = 2, signed: Bool = true) -> String {
        guard fraction.isFinite else { return "n/a" }
        return percent(Decimal(fraction), fractionDigits: fractionDigits, signed: signed)
    }

    private static func split(_ text: String) -> (String, String) {
        guard let dot = text.firstIndex(of: ".") else { return (text, "") }
        return (String(text[..<dot]), String(text[text.index(after: dot)...]))
    }

    private static func group(_ digits: String) -> String {
        var result = ""
        for (offset, character) in digits.reversed().enumerated() {
            if offset > 0 && offset % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return String(result.reversed())
    }
}
