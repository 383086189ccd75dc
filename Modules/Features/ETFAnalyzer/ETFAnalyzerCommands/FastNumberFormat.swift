import ETFAnalyzer
import FeatureKit
import Foundation

/// FeatureKit's `NumberFormat`, written on integers: the same text for the same value (a test checks it
/// against `NumberFormat`), at a fraction of the cost.
///
/// `NumberFormat` rounds with `NSDecimalRound` and prints through `NSDecimalNumber`, ~20 µs a value on
/// Linux; a 10,000-ETF table prints 70,000 values, so it alone would take over a second.
enum FastNumberFormat {
    /// `value` rounded half-to-even to `fractionDigits` with thousands separators: `1,234.56`.
    static func decimal(_ value: Decimal, fractionDigits: Int = 2, grouping: Bool = true) -> String {
        format(DecimalComponents(value), fractionDigits: fractionDigits, grouping: grouping)
            ?? NumberFormat.decimal(value, fractionDigits: fractionDigits, grouping: grouping)
    }

    /// Money with its symbol, the sign before the symbol: `$1,234.56`, `-$250.00`.
    static func money(_ value: Decimal, symbol: String, fractionDigits: Int = 2) -> String {
        format(DecimalComponents(value), fractionDigits: fractionDigits, grouping: true, prefix: symbol)
            ?? slowMoney(value, symbol: symbol, fractionDigits: fractionDigits)
    }

    /// Money with an explicit sign: `+$12.00`, `-$3.50`, `$0.00`.
    static func signedMoney(_ value: Decimal, symbol: String, fractionDigits: Int = 2) -> String {
        format(DecimalComponents(value), fractionDigits: fractionDigits, grouping: true, prefix: symbol, plus: true)
            ?? slowMoney(value, symbol: symbol, fractionDigits: fractionDigits, plus: true)
    }

    /// A fraction as a percentage: `0.1234` → `+12.34%`, `-0.05` → `-5.00%`, `0` → `0.00%`.
    static func percent(_ fraction: Decimal, fractionDigits: Int = 2, signed: Bool = true) -> String {
        var parts = DecimalComponents(fraction)
        parts.exponent += 2
        return format(parts, fractionDigits: fractionDigits, grouping: true, suffix: "%", plus: signed)
            ?? NumberFormat.percent(fraction, fractionDigits: fractionDigits, signed: signed)
    }

    private static func slowMoney(_ value: Decimal, symbol: String, fractionDigits: Int, plus: Bool = false) -> String {
        let text = NumberFormat.decimal(value, fractionDigits: fractionDigits)
        if text.hasPrefix("-") { return "-" + symbol + text.dropFirst() }
        let isZero = !text.contains { $0 >= "1" && $0 <= "9" }
        return (plus && !isZero ? "+" : "") + symbol + text
    }

    /// `[sign][prefix]digits[suffix]`, rounded half-to-even; `-` only when the rounded value is not zero,
    /// `+` (with `plus`) only when it is above zero. Nil when the value does not fit 128 bits at that precision.
    static func format(
        _ parts: DecimalComponents, fractionDigits: Int, grouping: Bool, prefix: String = "", suffix: String = "",
        plus: Bool = false
    ) -> String? {
        guard fractionDigits >= 0, fractionDigits <= 38, let units = parts.scaled(toFractionDigits: fractionDigits)
        else { return nil }
        // Digits into a fixed buffer, least significant first, then the text written once into the String's
        // own storage: no intermediate arrays or strings per value.
        var digits: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            var rest = units
            if rest <= UInt128(UInt64.max) {
                var small = UInt64(rest)
                repeat {
                    raw[count] = UInt8(truncatingIfNeeded: small % 10) + UInt8(ascii: "0")
                    small /= 10
                    count += 1
                } while small != 0
            } else {
                repeat {
                    raw[count] = UInt8(truncatingIfNeeded: rest % 10) + UInt8(ascii: "0")
                    rest /= 10
                    count += 1
                } while rest != 0
            }
            while count <= fractionDigits {
                raw[count] = UInt8(ascii: "0")
                count += 1
            }
        }
        let integerCount = count - fractionDigits
        let sign: UInt8? = units == 0 ? nil : parts.isNegative ? UInt8(ascii: "-") : plus ? UInt8(ascii: "+") : nil
        let capacity = count + count / 3 + prefix.utf8.count + suffix.utf8.count + 2
        return withUnsafeBytes(of: &digits) { raw in
            String(unsafeUninitializedCapacity: capacity) { buffer in
                var position = 0
                func put(_ byte: UInt8) {
                    buffer[position] = byte
                    position += 1
                }
                if let sign { put(sign) }
                for byte in prefix.utf8 { put(byte) }
                for index in 0..<integerCount {
                    if grouping && index > 0 && (integerCount - index) % 3 == 0 { put(UInt8(ascii: ",")) }
                    put(raw[count - 1 - index])
                }
                if fractionDigits > 0 {
                    put(UInt8(ascii: "."))
                    for index in integerCount..<count { put(raw[count - 1 - index]) }
                }
                for byte in suffix.utf8 { put(byte) }
                return position
            }
        }
    }
}
