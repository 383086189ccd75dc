import Foundation

/// Dollar amounts: every figure the ledger stores is a `Decimal` rounded to whole cents.
public enum Money {
    /// The largest amount one deposit, withdrawal or opening balance may move: a guard against typos.
    public static let maximumCashMovement: Decimal = 1_000_000_000

    /// `value` rounded half away from zero to two decimals (how a broker rounds a fill).
    public static func cents(_ value: Decimal) -> Decimal {
        var input = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &input, 2, .plain)
        return rounded
    }

    /// Parses a user-typed dollar amount: digits with at most two decimals, optionally with a leading `$`
    /// and thousands separators (`1,250.50`). Rejects signs, exponents and fractions of a cent.
    public static func parse(_ text: String) -> Decimal? {
        var body = text.trimmingCharacters(in: .whitespaces)
        if body.hasPrefix("$") { body.removeFirst() }
        body = body.replacingOccurrences(of: ",", with: "")
        guard !body.isEmpty, body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, !parts[0].isEmpty, parts.count == 1 || (1...2).contains(parts[1].count) else {
            return nil
        }
        return Decimal(string: body, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// `$1,234.56`, `-$250.00`: for messages from the domain (the CLI has its own formatter for tables).
    public static func format(_ value: Decimal) -> String {
        let rounded = cents(value)
        let negative = rounded < 0
        let magnitude = negative ? -rounded : rounded
        let text = NSDecimalNumber(decimal: magnitude).stringValue
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        var integer = String(pieces[0])
        var fraction = pieces.count > 1 ? String(pieces[1]) : ""
        while fraction.count < 2 { fraction += "0" }
        var grouped = ""
        for (offset, character) in integer.reversed().enumerated() {
            if offset > 0 && offset % 3 == 0 { grouped.append(",") }
            grouped.append(character)
        }
        integer = String(grouped.reversed())
        return (negative ? "-$" : "$") + integer + "." + fraction
    }
}

extension Decimal {
    /// The value as a `Double`, for rates and charts only (never for money arithmetic).
    var doubleValue: Double { NSDecimalNumber(decimal: self).doubleValue }
}
