import Foundation

/// Strict reading of amounts typed by people or stored compactly: `1234.56`, `-250`, `1,234.56`.
///
/// `Decimal(string:)` accepts `12abc` as 12 and `1e5`, which would silently store a wrong balance, so
/// amounts are parsed by hand: an optional sign, digits (optionally grouped by commas in threes) and an
/// optional fraction, nothing else.
public enum MoneyText {
    /// The most significant digits accepted; beyond this a balance is surely a typo.
    public static let maximumDigits = 18

    /// The amount in `text`, or nil when it is not a plain decimal number.
    public static func parse(_ text: some StringProtocol) -> Decimal? {
        var bytes = Array(text.utf8)
        while bytes.last == 0x20 { bytes.removeLast() }
        var start = 0
        while start < bytes.count, bytes[start] == 0x20 { start += 1 }
        var negative = false
        if start < bytes.count, bytes[start] == 0x2D || bytes[start] == 0x2B {
            negative = bytes[start] == 0x2D
            start += 1
        }
        let dot = bytes[start...].firstIndex(of: 0x2E)
        let integerEnd = dot ?? bytes.count
        let fraction = dot.map { bytes[($0 + 1)...] } ?? []
        guard integerEnd > start, dot == nil || !fraction.isEmpty, !fraction.contains(where: { !isDigit($0) })
        else { return nil }
        // The integer part is plain digits, or 1–3 digits followed by comma-separated groups of three.
        var integerDigits: [UInt8] = []
        var groupLength = 0
        var groups = 0
        for byte in bytes[start..<integerEnd] {
            if byte == 0x2C {
                guard groups == 0 ? (1...3).contains(groupLength) : groupLength == 3 else { return nil }
                groups += 1
                groupLength = 0
            } else {
                guard isDigit(byte) else { return nil }
                integerDigits.append(byte)
                groupLength += 1
            }
        }
        guard groups == 0 || groupLength == 3 else { return nil }
        var significand: UInt64 = 0
        var significant = 0
        for byte in integerDigits + fraction where significant > 0 || byte != 0x30 {
            significant += 1
            guard significant <= maximumDigits else { return nil }
            significand = significand * 10 + UInt64(byte - 0x30)
        }
        if significand == 0 { return 0 }
        return Decimal(sign: negative ? .minus : .plus, exponent: -fraction.count, significand: Decimal(significand))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The exact plain text of `value` (`-1234.5`), which ``parse(_:)`` reads back unchanged.
    public static func plain(_ value: Decimal) -> String {
        "\(value)"
    }
}
