import Foundation

/// Strict reading of amounts typed by people or stored compactly: `1234.56`, `-250`, `1,234.56`.
///
/// `Decimal(string:)` accepts `12abc` as 12 and `1e5`, which would silently store a wrong balance, so
/// amounts are parsed by hand: an optional sign, digits (optionally grouped by commas in threes) and an
/// optional fraction, nothing else. Parsing also yields the exact amount in millionths when it has one,
/// for the fast sums in ``Micros``.
public enum MoneyText {
    /// The most significant digits accepted; beyond this a balance is surely a typo.
    public static let maximumDigits = 18

    /// The amount in `text`, or nil when it is not a plain decimal number.
    public static func parse(_ text: some StringProtocol) -> Decimal? {
        parsed(text)?.decimal
    }

    /// The exact plain text of `value` (`-1234.5`), which ``parse(_:)`` reads back unchanged.
    public static func plain(_ value: Decimal) -> String {
        "\(value)"
    }

    /// The amount in `text` with its exact millionths.
    static func parsed(_ text: some StringProtocol) -> ParsedAmount? {
        var string = String(text)
        return string.withUTF8 { parse(bytes: $0) }
    }

    /// Parses `bytes` without allocating: the hot path of reading stored histories.
    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> ParsedAmount? {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 { end -= 1 }
        var negative = false
        if start < end, bytes[start] == 0x2D || bytes[start] == 0x2B {
            negative = bytes[start] == 0x2D
            start += 1
        }
        var significand: UInt64 = 0
        var significant = 0
        var fractionDigits = 0
        var integerDigits = 0
        var groupLength = 0
        var groups = 0
        var inFraction = false
        var index = start
        while index < end {
            let byte = bytes[index]
            index += 1
            switch byte {
            case 0x30...0x39:
                if significant > 0 || byte != 0x30 {
                    significant += 1
                    guard significant <= maximumDigits else { return nil }
                    significand = significand * 10 + UInt64(byte - 0x30)
                }
                if inFraction {
                    fractionDigits += 1
                } else {
                    integerDigits += 1
                    groupLength += 1
                }
            case 0x2C:  // ',' groups the integer part in threes after a first group of one to three digits
                guard !inFraction, groups == 0 ? (1...3).contains(groupLength) : groupLength == 3 else { return nil }
                groups += 1
                groupLength = 0
            case 0x2E:  // '.'
                guard !inFraction, integerDigits > 0 else { return nil }
                inFraction = true
            default:
                return nil
            }
        }
        guard integerDigits > 0, groups == 0 || groupLength == 3, !inFraction || fractionDigits > 0 else { return nil }
        return ParsedAmount(
            significand: significand, fractionDigits: fractionDigits, negative: negative && significand != 0)
    }
}

/// A parsed amount: `significand × 10^−fractionDigits`, negated when `negative`.
struct ParsedAmount {
    var significand: UInt64
    var fractionDigits: Int
    var negative: Bool

    var decimal: Decimal {
        significand == 0
            ? 0 : Decimal(sign: negative ? .minus : .plus, exponent: -fractionDigits, significand: Decimal(significand))
    }

    /// The amount in millionths, when exact and within `Int64`.
    var micros: Int64? {
        guard fractionDigits <= Micros.digits, let value = Int64(exactly: significand) else { return nil }
        let (scaled, overflow) = value.multipliedReportingOverflow(
            by: Micros.powerOfTen[Micros.digits - fractionDigits])
        guard !overflow else { return nil }
        return negative ? -scaled : scaled
    }
}
