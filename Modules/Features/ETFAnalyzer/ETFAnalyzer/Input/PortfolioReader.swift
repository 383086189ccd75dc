import Foundation
import Money
import Timing

/// The two file forms a portfolio can take.
public enum PortfolioFormat: String, Sendable, CaseIterable {
    /// A header row and one ETF per row.
    case csv
    /// An array of objects with camelCase keys.
    case json

    /// The form of a file: by its extension when it has a known one, else by its first meaningful character
    /// (`[` or `{` is JSON), so stdin and extension-less files work too.
    public static func detect(path: String?, text: String) -> PortfolioFormat {
        if let path {
            let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
            if ext == "json" { return .json }
            if ext == "csv" || ext == "txt" { return .csv }
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let content = line.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
            if content.isEmpty || content.hasPrefix("//") { continue }
            return content.first == "[" || content.first == "{" ? .json : .csv
        }
        return .csv
    }
}

/// A portfolio read from a file: the holdings, and notes that did not stop the read (an ignored column).
public struct PortfolioDocument: Sendable, Hashable {
    /// The ETFs, in file order.
    public var holdings: [ETFHolding]
    /// Things the user should know, e.g. `column "ticker" is not one folio reads, so it is ignored`.
    public var warnings: [String]

    /// Creates a document.
    public init(holdings: [ETFHolding], warnings: [String] = []) {
        self.holdings = holdings
        self.warnings = warnings
    }
}

/// Applies every validation rule to every row of a portfolio in either form, reporting all problems together.
public enum PortfolioReader {
    /// Validates a portfolio's CSV form, split into rows by the caller's CSV reader.
    /// - Parameter defaultAnalysisDate: The analysis date for rows without their own, used by the rule
    ///   "analysis date ≥ purchase date"; nil checks that rule only for rows that carry their own date.
    /// - Throws: ``PortfolioInputError`` listing every problem with its row, line and column.
    public static func read(
        _ table: PortfolioTable, defaultAnalysisDate: CalendarDate?
    ) throws(PortfolioInputError) -> PortfolioDocument {
        try CSVPortfolioReader.read(table, defaultAnalysisDate: defaultAnalysisDate)
    }

    /// Parses and validates a portfolio's JSON form.
    /// - Parameter defaultAnalysisDate: As for the CSV form.
    /// - Throws: ``PortfolioInputError`` listing every problem with its row and key.
    public static func read(
        json text: String, defaultAnalysisDate: CalendarDate?
    ) throws(PortfolioInputError) -> PortfolioDocument {
        try JSONPortfolioReader.read(text, defaultAnalysisDate: defaultAnalysisDate)
    }

    /// Applies the rules to holdings that did not come from a file (a saved portfolio analysed with a new
    /// `--as-of`, a form filled in code).
    /// - Returns: Every problem, rows numbered from 1, columns named as in the CSV header.
    public static func validate(_ holdings: [ETFHolding], defaultAnalysisDate: CalendarDate?) -> [InputIssue] {
        var issues: [InputIssue] = []
        if holdings.isEmpty {
            issues.append(InputIssue(row: nil, column: nil, message: "the portfolio has no ETFs"))
        }
        for (index, holding) in holdings.enumerated() {
            var builder = RowBuilder(
                row: index + 1, line: nil, columnName: { $0.csvName }, defaultAnalysisDate: defaultAnalysisDate)
            _ = builder.build { field in
                switch field {
                case .name: .text(holding.name)
                case .expenseRatio: .number(holding.expenseRatio)
                case .yield: .number(holding.yield)
                case .shares: .number(holding.shares)
                case .purchasePrice: .number(holding.purchasePrice)
                case .purchaseDate: .text(holding.purchaseDate.iso8601)
                case .currentPrice: .number(holding.currentPrice)
                case .analysisDate: holding.analysisDate.map { .text($0.iso8601) } ?? .missing
                case .assetClass: holding.assetClass.map { .text($0.rawValue) } ?? .missing
                }
            }
            issues += builder.issues
        }
        return issues
    }
}
