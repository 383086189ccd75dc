import Foundation
import Money
import Timing

/// What is wrong with one value, without saying where it is (the caller knows the row and column).
public struct FieldProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// E.g. `-0.1 is negative — an expense ratio must be 0 or more`.
    public var message: String

    /// Creates a problem.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}

/// The seed's validation rules, one value at a time, shared by the file readers and `folio etf new`'s
/// prompts so a value is accepted or refused the same way everywhere.
///
/// The rules are exactly the app's: name not empty, expense ratio ≥ 0, yield ≥ 0, shares > 0, prices > 0,
/// analysis date ≥ purchase date; plus values that are not numbers or dates at all.
public enum HoldingRules {
    /// A non-empty name, trimmed.
    public static func name(_ text: String) throws(FieldProblem) -> String {
        let trimmed = trim(text)
        guard !trimmed.isEmpty else { throw FieldProblem("is empty — every ETF needs a name") }
        // Index comparison, not `count`: counting walks every grapheme of both strings.
        return trimmed.startIndex == text.startIndex && trimmed.endIndex == text.endIndex ? text : String(trimmed)
    }

    /// `text` without leading and trailing white space (spaces, tabs, line breaks, no-break spaces).
    public static func trim(_ text: String) -> Substring {
        // The String's own view answers first and last from its storage; a Substring's view goes through
        // index bookkeeping, which made this check cost 200 instructions a field.
        let utf8 = text.utf8
        if let first = utf8.first, let last = utf8.last, isPlain(first), isPlain(last) { return text[...] }
        return trim(text[...])
    }

    /// `text` without leading and trailing white space (spaces, tabs, line breaks, no-break spaces).
    public static func trim(_ text: Substring) -> Substring {
        // Most fields have nothing to trim: two byte checks instead of grapheme-by-grapheme scans.
        if let first = text.utf8.first, let last = text.utf8.last, isPlain(first), isPlain(last) { return text }
        var start = text.startIndex
        var end = text.endIndex
        while start < end, text[start].isWhitespace { start = text.index(after: start) }
        while end > start, text[text.index(before: end)].isWhitespace { end = text.index(before: end) }
        return text[start..<end]
    }

    private static func isPlain(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x80
    }

    /// Parses the text of a numeric field (a trailing `%` is accepted for the two percentages) and applies
    /// the field's rule.
    public static func number(_ text: String, for field: PortfolioField) throws(FieldProblem) -> Amount {
        var trimmed = trim(text)
        guard !trimmed.isEmpty else { throw FieldProblem("is empty — write the \(field.label) as a number") }
        if field == .expenseRatio || field == .yield, trimmed.utf8.last == UInt8(ascii: "%") {
            trimmed = trim(trimmed.dropLast())
        }
        let value: Amount
        do {
            value = try Amount(parsing: String(trimmed), options: numberOptions)
        } catch {
            var problem = "\(quoted(text)) is not a number"
            if trimmed.contains(",") { problem += " — write it without thousands separators, with a decimal point" }
            throw FieldProblem(problem)
        }
        try check(value, for: field)
        return value
    }

    /// Numbers as files and prompts give them: a sign and a point, no thousands separators (a comma in a
    /// CSV field is far more likely a misplaced column or a decimal comma).
    static let numberOptions = ParseOptions(allowsSign: true, maximumPlaces: Amount.places, allowsGrouping: false)

    /// Applies the field's rule to a number: percentages ≥ 0, shares and prices > 0.
    public static func check(_ value: Amount, for field: PortfolioField) throws(FieldProblem) {
        switch field {
        case .expenseRatio, .yield:
            guard !value.isNegative else {
                throw FieldProblem("\(value.plainText) is negative — the \(field.label) must be 0 or more")
            }
        case .shares, .purchasePrice, .currentPrice:
            guard value.isPositive else {
                throw FieldProblem("\(value.plainText) is not more than 0 — \(field.label) must be positive")
            }
        case .name, .purchaseDate, .analysisDate, .assetClass:
            break
        }
    }

    /// The words an ETF's asset class may be written in, and the class each counts as in an allocation (a
    /// commodity ETF counts as other).
    public static let assetClassWords: [String: HoldingClass] = [
        "equity": .equity, "equities": .equity, "stock": .equity, "stocks": .equity, "debt": .debt, "bond": .debt,
        "bonds": .debt, "debt/bonds": .debt, "debt and bonds": .debt, "property": .property, "real estate": .property,
        "reit": .property, "commodity": .other,
        "commodities": .other, "gold": .other, "other": .other, "crypto": .crypto, "cash": .cash,
        "money market": .cash, "hybrid": .hybrid, "mixed": .hybrid,
    ]

    /// Parses an ETF's asset class: equity, debt (bonds), property, commodity (counted as other), crypto, cash
    /// or hybrid, in any case.
    public static func assetClass(_ text: String) throws(FieldProblem) -> HoldingClass {
        let word = trim(text).lowercased().replacingOccurrences(of: "_", with: " ")
            .replacingOccurrences(of: "-", with: " ")
        guard let assetClass = assetClassWords[word] else {
            throw FieldProblem(
                "\(quoted(text)) is not an asset class — write equity, debt, property, commodity, crypto, cash or "
                    + "hybrid (or leave it empty for equity)")
        }
        return assetClass
    }

    /// Parses a `YYYY-MM-DD` date.
    public static func date(_ text: String, for field: PortfolioField) throws(FieldProblem) -> CalendarDate {
        let trimmed = trim(text)
        guard !trimmed.isEmpty else { throw FieldProblem("is empty — write the \(field.label) as YYYY-MM-DD") }
        guard let date = CalendarDate(iso8601: trimmed) else {
            throw FieldProblem("\(quoted(text)) is not a date — write it as YYYY-MM-DD (e.g. 2024-03-31)")
        }
        return date
    }

    /// A value as messages show it: quoted, line breaks visible, long values cut.
    static func quoted(_ text: String) -> String {
        var shown = text.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
        if shown.count > 40 { shown = String(shown.prefix(39)) + "…" }
        return "\"" + shown + "\""
    }

    /// The analysis date must not be before the purchase date.
    /// - Parameter defaulted: Whether the analysis date is the run's default rather than the row's own,
    ///   so the message can say where it came from.
    public static func checkOrder(
        purchase: CalendarDate, analysis: CalendarDate, defaulted: Bool
    ) throws(FieldProblem) {
        guard analysis >= purchase else {
            let source =
                defaulted ? "the analysis date \(analysis) (--as-of, else today)" : "the analysis date \(analysis)"
            throw FieldProblem("purchase date \(purchase) is after \(source)")
        }
    }
}
