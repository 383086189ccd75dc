import Foundation

/// Reads a `Decimal`'s sign, significand and exponent straight from its storage.
///
/// Foundation keeps these fields internal, so the only public route to the significand as an integer is a
/// bridge through `NSDecimalNumber` (an object allocated, converted and freed per value): 8 % of a
/// 10,000-row report's instructions. The storage is NSDecimal's packing — exponent byte, a flags byte with
/// the length in its high nibble and the sign in bit 3, two reserved bytes, eight little-endian 16-bit
/// mantissa words — unchanged since NSDecimal was a C struct. It is still checked once per process
/// against values built through public API; if a Foundation ever packs differently, `isReadable` is false
/// and callers keep the bridge.
public enum DecimalStorage {
    /// Whether this Foundation's `Decimal` packs its fields as expected.
    public static let isReadable: Bool = {
        guard MemoryLayout<Decimal>.size == 20 else { return false }
        let probes: [(FloatingPointSign, Int, UInt64)] = [
            (.plus, 0, 0), (.plus, -2, 13), (.minus, -7, 5), (.plus, 5, 65_536), (.minus, -3, 1_234_567),
            (.plus, -20, UInt64.max), (.minus, 30, 0x0001_0002_0003_0004),
        ]
        for (sign, exponent, significand) in probes {
            let value = Decimal(sign: sign, exponent: exponent, significand: Decimal(significand))
            guard let read = unverifiedParts(value) else { return false }
            let expected = value.isZero ? (false, UInt128(0)) : (sign == .minus, UInt128(significand))
            guard read.isNegative == expected.0 else { return false }
            // A value may be stored with trailing zeros taken into the exponent; compare the value, not the form.
            guard significand == 0 || scaled(read.significand, read.exponent - exponent) == expected.1 else { return false }
        }
        return true
    }()

    /// The same text as `value.description`, which is how `JSONEncoder` writes a `Decimal`: every stored digit,
    /// a point only when the exponent is negative, `0` for zero. `description` divides the 128-bit significand
    /// by ten one 16-bit word at a time, about 15,000 instructions for a price; this is one integer conversion.
    public static func plainText(_ value: Decimal) -> String {
        guard let (isNegative, significand, exponent) = parts(value) else { return value.description }
        guard significand != 0 else { return "0" }
        let digits = String(significand)
        var text = isNegative ? "-" : ""
        if exponent >= 0 {
            text += digits
            text += String(repeating: "0", count: exponent)
        } else if digits.utf8.count > -exponent {
            let point = digits.index(digits.endIndex, offsetBy: exponent)
            text += digits[..<point]
            text += "."
            text += digits[point...]
        } else {
            text += "0."
            text += String(repeating: "0", count: -exponent - digits.utf8.count)
            text += digits
        }
        return text
    }

    /// The value as ± significand × 10^exponent; nil for NaN or when the storage is not readable.
    public static func parts(_ value: Decimal) -> (isNegative: Bool, significand: UInt128, exponent: Int)? {
        guard isReadable, !value.isNaN else { return nil }
        return unverifiedParts(value)
    }

    private static func unverifiedParts(_ value: Decimal) -> (isNegative: Bool, significand: UInt128, exponent: Int)? {
        var copy = value
        return withUnsafeBytes(of: &copy) { raw -> (isNegative: Bool, significand: UInt128, exponent: Int)? in
            let exponent = Int(Int8(bitPattern: raw[0]))
            let length = Int(raw[1] >> 4)
            guard length <= 8 else { return nil }
            var significand: UInt128 = 0
            for word in stride(from: length - 1, through: 0, by: -1) {
                let low = UInt128(raw[4 + 2 * word])
                let high = UInt128(raw[5 + 2 * word])
                significand = significand << 16 | high << 8 | low
            }
            let isNegative = raw[1] & 0x08 != 0 && significand != 0
            return (isNegative, significand, significand == 0 ? 0 : exponent)
        }
    }

    /// `significand` × 10^shift for a small non-negative shift; nil on overflow or a negative shift.
    private static func scaled(_ significand: UInt128, _ shift: Int) -> UInt128? {
        guard shift >= 0 else { return nil }
        var result = significand
        for _ in 0..<shift {
            let (next, overflow) = result.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            result = next
        }
        return result
    }
}
