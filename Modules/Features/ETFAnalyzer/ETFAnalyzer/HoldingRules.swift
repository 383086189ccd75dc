import Foundation
import Networking
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
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw FieldProblem("is empty — every ETF needs a name") }
        return trimmed
    }

    /// Parses the text of a numeric field (a trailing `%` is accepted for the two percentages) and applies
    /// the field's rule.
    public static func number(_ text: String, for field: PortfolioField) throws(FieldProblem) -> Decimal {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw FieldProblem("is empty — write the \(field.label) as a number") }
        if field == .expenseRatio || field == .yield, trimmed.hasSuffix("%") {
            trimmed = String(trimmed.dropLast()).trimmingCharacters(in: .whitespaces)
        }
        guard let value = Decimal.parse(trimmed) else {
            var problem = "\"\(text)\" is not a number"
            if trimmed.contains(",") { problem += " — write it without thousands separators, with a decimal point" }
            throw FieldProblem(problem)
        }
        try check(value, for: field)
        return value
    }

    /// Applies the field's rule to a number: percentages ≥ 0, shares and prices > 0.
    public static func check(_ value: Decimal, for field: PortfolioField) throws(FieldProblem) {
        switch field {
        case .expenseRatio, .yield:
            guard value >= 0 else { throw FieldProblem("\(value) is negative — the \(field.label) must be 0 or more") }
        case .shares, .purchasePrice, .currentPrice:
            guard value > 0 else { throw FieldProblem("\(value) is not more than 0 — \(field.label) must be positive") }
        case .name, .purchaseDate, .analysisDate:
            break
        }
    }

    /// Parses a `YYYY-MM-DD` date.
    public static func date(_ text: String, for field: PortfolioField) throws(FieldProblem) -> CalendarDate {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw FieldProblem("is empty — write the \(field.label) as YYYY-MM-DD") }
        guard let date = CalendarDate(iso8601: trimmed) else {
            throw FieldProblem("\"\(text)\" is not a date — write it as YYYY-MM-DD (e.g. 2024-03-31)")
        }
        return date
    }

    /// The analysis date must not be before the purchase date.
    /// - Parameter defaulted: Whether the analysis date is the run's default rather than the row's own,
    ///   so the message can say where it came from.
    public static func checkOrder(
        purchase: CalendarDate, analysis: CalendarDate, defaulted: Bool
    ) throws(FieldProblem) {
        guard analysis >= purchase else {
            let source = defaulted ? "the analysis date \(analysis) (--as-of, else today)" : "the analysis date \(analysis)"
            throw FieldProblem("purchase date \(purchase) is after \(source)")
        }
    }
}
