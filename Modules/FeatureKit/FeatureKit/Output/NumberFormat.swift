import Foundation
import Persistence

/// Money, numbers and percentages for people, without locale surprises: `£1,234.56`, `-£250.00`,
/// `$174.26`, `₹90.5289`, `+12.34%`. Rounding is half-to-even on `Decimal`, so no binary-float artefacts.
///
/// Values are rounded and printed with integer arithmetic; `NSDecimalRound` and `NSDecimalNumber` cost
/// ~20 µs a value on Linux, which a report of thousands of rows cannot afford. Values whose digits do not
/// fit 128 bits at the requested precision (and NaN) take the Decimal route, which gives the same text.
public enum NumberFormat {
    /// The symbol for an ISO 4217 code, or the code and a space when there is no well-known symbol.
    public static func currencySymbol(_ code: String) -> String {
        // Codes almost always arrive upper-case already; `uppercased()` allocates on every call.
        let hasLowercase = code.utf8.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") || $0 >= 0x80 }
        let upper = hasLowercase ? code.uppercased() : code
        return switch upper {
        case "GBP": "£"
        case "USD": "$"
        case "EUR": "€"
        case "INR": "₹"
        case "JPY": "¥"
        case "AUD": "A$"
        case "NZD": "NZ$"
        case "CAD": "C$"
        default: upper + " "
        }
    }

    /// `value` rounded to `fractionDigits` with thousands separators: `1,234.56`.
    public static func decimal(_ value: Decimal, fractionDigits: Int = 2, grouping: Bool = true) -> String {
        if let parts = parts(value, fractionDigits: fractionDigits),
            let text = format(parts, fractionDigits: fractionDigits, grouping: grouping)
        {
            return text
        }
        return referenceDecimal(value, fractionDigits: fractionDigits, grouping: grouping)
    }

    /// Money with its symbol, the sign before the symbol: `£1,234.56`, `-£250.00`.
    public static func money(_ value: Decimal, currency: String, fractionDigits: Int = 2) -> String {
        let symbol = currencySymbol(currency)
        if let parts = parts(value, fractionDigits: fractionDigits),
            let text = format(parts, fractionDigits: fractionDigits, grouping: true, prefix: symbol)
        {
            return text
        }
        let text = referenceDecimal(value, fractionDigits: fractionDigits, grouping: true)
        return text.hasPrefix("-") ? "-" + symbol + text.dropFirst() : symbol + text
    }

    /// Money with an explicit sign: `+£12.00`, `-£3.50`, `£0.00`.
    public static func signedMoney(_ value: Decimal, currency: String, fractionDigits: Int = 2) -> String {
        let symbol = currencySymbol(currency)
        if let parts = parts(value, fractionDigits: fractionDigits),
            let text = format(parts, fractionDigits: fractionDigits, grouping: true, prefix: symbol, plus: true)
        {
            return text
        }
        let text = referenceDecimal(value, fractionDigits: fractionDigits, grouping: true)
        if text.hasPrefix("-") { return "-" + symbol + text.dropFirst() }
        let isZero = text == referenceDecimal(0, fractionDigits: fractionDigits, grouping: true)
        return (value > 0 && !isZero ? "+" : "") + symbol + text
    }

    /// A fraction as a signed percentage: `0.1234` → `+12.34%`, `-0.05` → `-5.00%`, `0` → `0.00%`.
    public static func percent(_ fraction: Decimal, fractionDigits: Int = 2, signed: Bool = true) -> String {
        // Times 100 is a shift of the exponent, exact where `Decimal`'s multiplication is too.
        if var parts = parts(fraction, fractionDigits: min(fractionDigits, 100) + 2) {
            parts.exponent += 2
            if let text = format(parts, fractionDigits: fractionDigits, grouping: true, suffix: "%", plus: signed) {
                return text
            }
        }
        return referencePercent(fraction, fractionDigits: fractionDigits, signed: signed)
    }

    /// A `Double` fraction as a signed percentage.
    public static func percent(_ fraction: Double, fractionDigits: Int = 2, signed: Bool = true) -> String {
        guard fraction.isFinite else { return "n/a" }
        return percent(Decimal(fraction), fractionDigits: fractionDigits, signed: signed)
    }

    // MARK: - Integer formatting

    /// `value` as integer parts that round to the same text at `fractionDigits` places; nil for NaN and values
    /// too wide for them.
    private static func parts(_ value: Decimal, fractionDigits: Int) -> DecimalParts? {
        if let parts = DecimalParts(value) { return parts }
        // Wider than 64 bits (38-digit quotients such as returns): reading those digits costs far more than
        // one `NSDecimalRound`, after which the value is usually short. Rounding first is exact: the integer
        // path then has nothing left to round.
        guard !value.isNaN, fractionDigits >= 0, fractionDigits <= 38 else { return nil }
        var input = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &input, fractionDigits, .bankers)
        return DecimalParts(rounded)
    }

    /// `[sign][prefix]digits[suffix]` rounded half-to-even: `-` only when the rounded value is not zero, `+`
    /// (with `plus`) only when it is above zero. Nil when the rounded value does not fit 128 bits.
    static func format(
        _ parts: DecimalParts, fractionDigits: Int, grouping: Bool, prefix: String = "", suffix: String = "",
        plus: Bool = false
    ) -> String? {
        guard fractionDigits >= 0, fractionDigits <= 38, let units = parts.scaled(toFractionDigits: fractionDigits)
        else { return nil }
        // Digits go least significant first into a fixed 40-byte buffer (UInt128.max has 39 digits, plus the
        // leading zero of `0.x`), then the text is written once into the String's own storage.
        var digits: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            if units <= UInt128(UInt64.max) {
                // 64-bit division is several times cheaper than 128-bit; almost every value takes this path.
                var rest = UInt64(units)
                repeat {
                    raw[count] = UInt8(truncatingIfNeeded: rest % 10) + UInt8(ascii: "0")
                    rest /= 10
                    count += 1
                } while rest != 0
            } else {
                var rest = units
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

    // MARK: - Reference (Decimal) formatting

    /// `decimal(_:fractionDigits:grouping:)` done with `NSDecimalRound` and `NSDecimalNumber`: the definition
    /// the integer path must match, and its fallback for values beyond 128 bits.
    static func referenceDecimal(_ value: Decimal, fractionDigits: Int, grouping: Bool) -> String {
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

    /// `percent(_:fractionDigits:signed:)` on the reference path.
    static func referencePercent(_ fraction: Decimal, fractionDigits: Int, signed: Bool) -> String {
        let text = referenceDecimal(fraction * 100, fractionDigits: fractionDigits, grouping: true)
        let isZero = text.allSatisfy { $0 == "0" || $0 == "." || $0 == "-" }
        if isZero { return referenceDecimal(0, fractionDigits: fractionDigits, grouping: true) + "%" }
        return (signed && !text.hasPrefix("-") ? "+" : "") + text + "%"
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

/// A finite `Decimal` as sign, integer significand and power of ten, so rounding and printing are integer work.
struct DecimalParts: Sendable, Equatable {
    /// Whether the value is below zero (never for zero).
    var isNegative: Bool
    /// The digits (value = ± significand × 10^exponent).
    var significand: UInt128
    /// The power of ten.
    var exponent: Int

    init(isNegative: Bool, significand: UInt128, exponent: Int) {
        self.isNegative = isNegative && significand != 0
        self.significand = significand
        self.exponent = exponent
    }

    /// Splits `value` exactly; nil for NaN, whose text only the reference path knows, and (when the storage
    /// cannot be read directly) for significands wider than 64 bits, which the bridge cannot carry.
    init?(_ value: Decimal) {
        guard !value.isNaN else { return nil }
        if let parts = DecimalStorage.parts(value) {
            self.init(isNegative: parts.isNegative, significand: parts.significand, exponent: parts.exponent)
            return
        }
        guard !value.isZero else {
            self.init(isNegative: false, significand: 0, exponent: 0)
            return
        }
        let digits = value.significand
        // Without readable storage the significand crosses one bridge; below 2^53 a Double holds it exactly,
        // which is nearly every value a person reads.
        let approximate = NSDecimalNumber(decimal: digits).doubleValue
        if approximate < 9_007_199_254_740_992 {
            self.init(isNegative: value.sign == .minus, significand: UInt128(UInt64(approximate)), exponent: value.exponent)
        } else if approximate < 1e19 {
            self.init(
                isNegative: value.sign == .minus, significand: UInt128(NSDecimalNumber(decimal: digits).uint64Value),
                exponent: value.exponent)
        } else {
            return nil
        }
    }

    /// The value rounded half-to-even to `fractionDigits` places, as an integer count of 10^-fractionDigits;
    /// nil when that does not fit 128 bits.
    func scaled(toFractionDigits fractionDigits: Int) -> UInt128? {
        let shift = exponent + fractionDigits
        if shift >= 0 {
            guard let factor = Self.powerOfTen(shift) else { return significand == 0 ? 0 : nil }
            let (product, overflow) = significand.multipliedReportingOverflow(by: factor)
            return overflow ? nil : product
        }
        // Past 38 places even the largest significand rounds to zero (it is below 10^39 / 2).
        guard let divisor = Self.powerOfTen(-shift) else { return 0 }
        let (quotient, remainder) = significand.quotientAndRemainder(dividingBy: divisor)
        let twice = remainder.multipliedReportingOverflow(by: 2)
        let roundUp = twice.overflow || twice.partialValue > divisor || (twice.partialValue == divisor && quotient % 2 == 1)
        return roundUp ? quotient + 1 : quotient
    }

    /// 10^n for n in 0...38.
    static func powerOfTen(_ n: Int) -> UInt128? {
        guard n >= 0, n < powers.count else { return nil }
        return powers[n]
    }

    private static let powers: [UInt128] = {
        var result: [UInt128] = [1]
        for _ in 1...38 { result.append(result[result.count - 1] * 10) }
        return result
    }()
}
