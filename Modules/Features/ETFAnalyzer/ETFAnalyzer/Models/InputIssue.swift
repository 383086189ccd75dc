/// One problem in a portfolio file: where it is and what is wrong.
public struct InputIssue: Sendable, Hashable, CustomStringConvertible {
    /// The data row, 1 for the first ETF (the header is not counted); nil for a problem with the file as a whole.
    public var row: Int?
    /// The line in the file where the row starts, when the format has lines that matter (CSV).
    public var line: Int?
    /// The column (CSV header or JSON key) as the file spells it, nil when the problem is the whole row.
    public var column: String?
    /// What is wrong, e.g. `"abc" is not a number`.
    public var message: String

    /// Creates an issue.
    public init(row: Int?, line: Int? = nil, column: String?, message: String) {
        self.row = row
        self.line = line
        self.column = column
        self.message = message
    }

    /// `row 3 (line 5), column shares: 0 is not more than 0`.
    public var description: String {
        var place: [String] = []
        if let row {
            place.append(line.map { "row \(row) (line \($0))" } ?? "row \(row)")
        } else if let line {
            place.append("line \(line)")
        }
        if let column { place.append("column \(column)") }
        return place.isEmpty ? message : place.joined(separator: ", ") + ": " + message
    }
}

/// A portfolio that cannot be analysed, with every problem found in it (not just the first).
public struct PortfolioInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems, in file order.
    public var issues: [InputIssue]

    /// Creates the error.
    public init(issues: [InputIssue]) { self.issues = issues }

    /// One problem per line.
    public var description: String { issues.map(\.description).joined(separator: "\n") }
}
