import Foundation
import Timing

/// Reads the CSV form of a portfolio, already split into a ``PortfolioTable``: a header naming the columns in
/// any order, one ETF per row.
enum CSVPortfolioReader {
    static func read(
        _ table: PortfolioTable, defaultAnalysisDate: CalendarDate?
    ) throws(PortfolioInputError) -> PortfolioDocument {
        let header = table.header
        guard !header.isEmpty else {
            throw PortfolioInputError(issues: [
                InputIssue(
                    row: nil, column: nil, message: "the file is empty — it needs a header row and one row per ETF")
            ])
        }
        let (columns, warnings) = try mapHeader(header, line: table.headerLine)
        var columnIndex = [Int?](repeating: nil, count: PortfolioField.allCases.count)
        for (index, field) in columns.enumerated() {
            if let field { columnIndex[field.ordinal] = index }
        }
        let symbolColumn = header.firstIndex(where: LivePrices.isSymbolHeader)
        var holdings: [ETFHolding] = []
        var issues: [InputIssue] = []
        var row = 0
        for record in table.rows {
            row += 1
            let fields = record.fields
            let line = record.line
            guard fields.count == header.count else {
                var message = "has \(fields.count) field\(fields.count == 1 ? "" : "s"), the header has \(header.count)"
                if fields.count > header.count { message += " — put names that contain commas in double quotes" }
                issues.append(InputIssue(row: row, line: line, column: nil, message: message))
                continue
            }
            var builder = RowBuilder(
                row: row, line: line, columnName: { $0.csvName }, defaultAnalysisDate: defaultAnalysisDate)
            let holding = builder.build { field in
                guard let index = columnIndex[field.ordinal] else { return .missing }
                let value = fields[index]
                return !field.isRequired && HoldingRules.trim(value).isEmpty
                    ? .missing : .text(value)
            }
            if var holding {
                holding.symbol = symbolColumn.flatMap { LivePrices.symbol(fields[$0]) }
                holdings.append(holding)
            }
            issues += builder.issues
        }
        if row == 0 && issues.isEmpty {
            issues.append(InputIssue(row: nil, column: nil, message: "the file has a header but no ETF rows"))
        }
        guard issues.isEmpty else { throw PortfolioInputError(issues: issues) }
        return PortfolioDocument(holdings: holdings, warnings: warnings)
    }

    /// The field of each header column (nil for an unknown one), or every header problem at once.
    private static func mapHeader(
        _ header: [String], line: Int
    ) throws(PortfolioInputError) -> ([PortfolioField?], [String]) {
        var issues: [InputIssue] = []
        var warnings: [String] = []
        var seen: [PortfolioField: String] = [:]
        var columns: [PortfolioField?] = []
        for title in header {
            guard let field = PortfolioField(header: title) else {
                // The symbol is read by `analyze --live` and kept for it in files analysed without the market.
                if LivePrices.isSymbolHeader(title) {
                    columns.append(nil)
                    continue
                }
                let shown = HoldingRules.trim(title).isEmpty ? "(untitled)" : "\"\(HoldingRules.trim(title))\""
                warnings.append("column \(shown) is not one folio reads, so it is ignored")
                columns.append(nil)
                continue
            }
            if let first = seen[field] {
                issues.append(
                    InputIssue(
                        row: nil, line: line, column: title,
                        message: "appears twice in the header (also as \"\(first)\") — keep one \(field.csvName) column"
                    ))
            }
            seen[field] = seen[field] ?? title
            columns.append(field)
        }
        let missing = PortfolioField.allCases.filter { $0.isRequired && seen[$0] == nil }.map(\.csvName)
        if !missing.isEmpty {
            let required = PortfolioField.allCases.filter(\.isRequired).map(\.csvName).joined(separator: ",")
            issues.append(
                InputIssue(
                    row: nil, line: line, column: nil,
                    message:
                        "the header lacks \(missing.joined(separator: ", ")) — it needs \(required)[,analysis_date] "
                        + "in any order"))
        }
        guard issues.isEmpty else { throw PortfolioInputError(issues: issues) }
        return (columns, warnings)
    }
}
