import Money

/// Amounts as people type them (`1234.56`, `-250`, `1,234.56`), read one way for every face.
public enum AmountInput {
    /// The amount in `text`.
    /// - Parameters:
    ///   - what: How the message names the input (`amount`, `--balance`).
    ///   - field: The input blamed.
    ///   - example: What a valid value looks like (a rate's must not suggest a minus sign).
    /// - Throws: ``NetWorthError`` (refused) when the text is not a plain number, saying so when only a
    ///   currency symbol is in the way.
    public static func parse(
        _ text: String, what: String, field: String = "amount", example: String = "1234.56 or -250"
    ) throws(NetWorthError) -> Amount {
        let problem: MoneyError
        do {
            return try Amount(parsing: text, options: .balance)
        } catch {
            problem = error
        }
        let stripped = text.filter { !"£$€¥₹".contains($0) }
        let why =
            stripped != text && (try? Amount(parsing: stripped, options: .balance)) != nil
            ? "write the number without a currency symbol"
            : "expected a number such as \(example) (\(problem))"
        throw NetWorthError(.refused, "\(what) \"\(text)\" is not an amount", why: why, field: field)
    }
}
