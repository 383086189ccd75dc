import Foundation
import Persistence

/// A `Decimal` taken apart into sign, integer significand and power of ten, for exact integer work.
///
/// Foundation's `Decimal` on Linux spends microseconds per operation and per `description`; a 10,000-ETF
/// report does hundreds of thousands of them. Splitting a value reads its storage (``DecimalStorage``), and
/// from the parts folio parses, adds, multiplies, rounds and prints exactly with integer arithmetic.
public struct DecimalComponents: Sendable, Hashable {
    /// Whether the value is below zero.
    public var isNegative: Bool
    /// The digits as an integer (value = ± significand × 10^exponent).
    public var significand: UInt128
    /// The power of ten.
    public var exponent: Int

    /// Creates components.
    public init(isNegative: Bool, significand: UInt128, exponent: Int) {
        self.isNegative = isNegative && significand != 0
        self.significand = significand
        self.exponent = exponent
    }

    /// Splits a `Decimal` exactly (NaN becomes 0).
    public init(_ value: Decimal) {
        if let parts = DecimalStorage.parts(value) {
            self.init(isNegative: parts.isNegative, significand: parts.significand, exponent: parts.exponent)
            return
        }
        // This Foundation packs `Decimal` differently: take the value apart through public API.
        guard !value.isNaN, !value.isZero else {
            self.init(isNegative: false, significand: 0, exponent: 0)
            return
        }
        let digits = value.significand
        // One bridge: a significand below 2^53 converts to Double exactly.
        let approximate = NSDecimalNumber(decimal: digits).doubleValue
        if approximate < 9_007_199_254_740_992 {
            self.init(isNegative: value.sign == .minus, significand: UInt128(UInt64(approximate)), exponent: value.exponent)
        } else if approximate < 1e19 {
            self.init(
                isNegative: value.sign == .minus, significand: UInt128(NSDecimalNumber(decimal: digits).uint64Value),
                exponent: value.exponent)
        } else if let parsed = DecimalComponents(parsing: value.description) {
            // Wider than 64 bits: rare (38-digit quotients), so the slow text route is fine.
            self = parsed
        } else {
            self.init(isNegative: false, significand: 0, exponent: 0)
        }
    }

    /// Parses `[+-]digits[.digits]` (no exponent, no separators); nil when malformed or the digits exceed 128 bits.
    public init?(parsing text: some StringProtocol) {
        // Fields of a parsed file are native strings, whose bytes a pointer loop reads far faster than the
        // view's iterator; other strings are copied once.
        let parsed = text.utf8.withContiguousStorageIfAvailable(Self.parse) ?? Array(text.utf8).withUnsafeBufferPointer(Self.parse)
        guard let parsed else { return nil }
        self = parsed
    }

    /// ``init(parsing:)`` over bytes already in hand.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> DecimalComponents? {
        // Digits gather in 64 bits while they fit (18 or more of them); 128-bit multiplication is software.
        var small: UInt64 = 0
        var wide: UInt128 = 0
        var isWide = false
        var negative = false
        var exponent = 0
        var seenDigit = false
        var seenPoint = false
        for (offset, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                seenDigit = true
                let digit = byte - UInt8(ascii: "0")
                if !isWide && small == 0 && digit == 0 {
                    if seenPoint { exponent -= 1 }
                    continue
                }
                if isWide {
                    let (shifted, overflow) = wide.multipliedReportingOverflow(by: 10)
                    let (next, carry) = shifted.addingReportingOverflow(UInt128(digit))
                    guard !overflow, !carry else { return nil }
                    wide = next
                } else if small <= (UInt64.max - 9) / 10 {
                    small = small * 10 + UInt64(digit)
                } else {
                    isWide = true
                    wide = UInt128(small) * 10 + UInt128(digit)
                }
                if seenPoint { exponent -= 1 }
            case UInt8(ascii: "."):
                guard !seenPoint else { return nil }
                seenPoint = true
            case UInt8(ascii: "-"), UInt8(ascii: "+"):
                guard offset == 0 else { return nil }
                negative = byte == UInt8(ascii: "-")
            default:
                return nil
            }
        }
        guard seenDigit else { return nil }
        let significand = isWide ? wide : UInt128(small)
        return DecimalComponents(isNegative: negative, significand: significand, exponent: significand == 0 ? 0 : exponent)
    }

    /// The value as a `Decimal`, built without arithmetic when the significand fits 64 bits.
    public var decimal: Decimal {
        let sign: FloatingPointSign = isNegative ? .minus : .plus
        if significand <= UInt128(UInt64.max) {
            return Decimal(sign: sign, exponent: exponent, significand: Decimal(UInt64(significand)))
        }
        // Wider than 64 bits (rare): compose exactly from the two halves.
        let high = Decimal(UInt64(significand >> 64)) * Decimal(sign: .plus, exponent: 0, significand: Self.twoTo64)
        let digits = high + Decimal(UInt64(significand & UInt128(UInt64.max)))
        return Decimal(sign: sign, exponent: exponent, significand: digits)
    }

    private static let twoTo64 = Decimal(UInt64.max) + 1

    /// The nearest `Double`.
    public var double: Double {
        let magnitude = Double(significand) * DecimalComponents.powerOfTenDouble(exponent)
        return isNegative ? -magnitude : magnitude
    }

    /// The plain text of the value with every digit and no trailing fractional zeros: `608.8`, `-0.0003`,
    /// `15220` (what `Decimal.description` writes, without its cost).
    public var plainText: String {
        withPlainText { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends ``plainText``'s bytes to `bytes`, without making a String.
    public func appendPlainText(to bytes: inout [UInt8]) {
        withPlainText { bytes.append(contentsOf: $0) }
    }

    /// Calls `body` with ``plainText``'s bytes in a temporary buffer.
    private func withPlainText<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard significand != 0 else { return Self.zero.withUnsafeBufferPointer(body) }
        var (digits, power) = (significand, exponent)
        // Trailing fractional zeros go; 64-bit division is far cheaper than 128-bit, and most values fit.
        if digits <= UInt128(UInt64.max) {
            var small = UInt64(truncatingIfNeeded: digits)
            while power < 0, small % 10 == 0 {
                small /= 10
                power += 1
            }
            digits = UInt128(small)
        } else {
            while power < 0, digits % 10 == 0 {
                digits /= 10
                power += 1
            }
        }
        let negative = isNegative
        // Sign, up to 39 digits, "0." and the zeros a large exponent either way adds.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 84 + abs(power)) { buffer in
            let count = DecimalComponents.writeDigitsReversed(digits, into: buffer)
            let reversed = UnsafeBufferPointer(rebasing: buffer[..<count])
            let text = UnsafeMutableBufferPointer(rebasing: buffer[40...])
            let places = max(0, -power)
            let integerDigits = count - places
            var next = 0
            func put(_ byte: UInt8) {
                text[next] = byte
                next += 1
            }
            if negative { put(UInt8(ascii: "-")) }
            if places == 0 {
                for index in stride(from: count - 1, through: 0, by: -1) { put(reversed[index]) }
                for _ in 0..<max(power, 0) { put(UInt8(ascii: "0")) }
            } else {
                if integerDigits <= 0 {
                    put(UInt8(ascii: "0"))
                } else {
                    for index in stride(from: count - 1, through: places, by: -1) { put(reversed[index]) }
                }
                put(UInt8(ascii: "."))
                for _ in 0..<max(0, places - count) { put(UInt8(ascii: "0")) }
                for index in stride(from: min(count, places) - 1, through: 0, by: -1) { put(reversed[index]) }
            }
            return body(UnsafeBufferPointer(rebasing: text[..<next]))
        }
    }

    private static let zero: [UInt8] = [UInt8(ascii: "0")]

    /// Writes the decimal digits of `value` into `buffer`, least significant first (at most 39); returns
    /// how many.
    private static func writeDigitsReversed(_ value: UInt128, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var count = 0
        var rest = value
        while rest > UInt128(UInt64.max) {
            let (high, low) = rest.quotientAndRemainder(dividingBy: 10_000_000_000_000_000_000)
            var chunk = UInt64(truncatingIfNeeded: low)
            for _ in 0..<19 {
                buffer[count] = UInt8(truncatingIfNeeded: chunk % 10) &+ UInt8(ascii: "0")
                chunk /= 10
                count += 1
            }
            rest = high
        }
        var small = UInt64(truncatingIfNeeded: rest)
        repeat {
            buffer[count] = UInt8(truncatingIfNeeded: small % 10) &+ UInt8(ascii: "0")
            small /= 10
            count += 1
        } while small > 0
        return count
    }

    /// The value rounded half-to-even to `fractionDigits` places: the integer of units of 10^-fractionDigits,
    /// or nil when it does not fit 128 bits.
    public func scaled(toFractionDigits fractionDigits: Int) -> UInt128? {
        let shift = exponent + fractionDigits
        if shift >= 0 {
            guard shift <= 38, let factor = DecimalComponents.powerOfTen(shift) else { return nil }
            let (product, overflow) = significand.multipliedReportingOverflow(by: factor)
            return overflow ? nil : product
        }
        guard -shift <= 38, let divisor = DecimalComponents.powerOfTen(-shift) else { return 0 }
        let (quotient, remainder) = significand.quotientAndRemainder(dividingBy: divisor)
        let twice = remainder.multipliedReportingOverflow(by: 2)
        let roundUp = twice.overflow || twice.partialValue > divisor || (twice.partialValue == divisor && quotient % 2 == 1)
        return roundUp ? quotient + 1 : quotient
    }

    /// 10^n as a `Double`, from a table for the usual range.
    static func powerOfTenDouble(_ n: Int) -> Double {
        n >= -40 && n <= 40 ? doublePowers[n + 40] : pow(10, Double(n))
    }

    private static let doublePowers: [Double] = (-40...40).map { pow(10, Double($0)) }

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
