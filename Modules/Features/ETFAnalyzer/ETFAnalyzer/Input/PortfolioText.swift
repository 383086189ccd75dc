import CSVText
import Foundation
import Timing

extension PortfolioReader {
    /// Reads and validates a portfolio text in either form (`format` nil detects it from `path` and the text): a
    /// file, standard input, a paste or an upload all go through here, so the terminal and the web read alike.
    /// - Throws: ``PortfolioInputError`` listing every problem with its row, line and column.
    public static func document(
        text: String, format: PortfolioFormat? = nil, path: String? = nil, defaultAnalysisDate: CalendarDate?
    ) throws(PortfolioInputError) -> PortfolioDocument {
        switch format ?? PortfolioFormat.detect(path: path, text: text) {
        case .csv: try read(table(csv: text), defaultAnalysisDate: defaultAnalysisDate)
        case .json: try read(json: text, defaultAnalysisDate: defaultAnalysisDate)
        }
    }

    /// The rows of a portfolio CSV, split by the `CSVText` kernel: fields trimmed (so a quote after a space still
    /// opens a quoted name), `#` comment lines skipped, a line break inside a quoted name read as LF whether the
    /// file (or the browser's form post) used CRLF or LF.
    /// - Throws: ``PortfolioInputError`` with the line of text that cannot be split.
    public static func table(csv text: String) throws(PortfolioInputError) -> PortfolioTable {
        let table: CSVTable
        do {
            table = try CSVTable(
                text: text, options: .init(trimsFields: true, skipsComments: true, requiresHeaderWidth: false))
        } catch  where error.reason == .empty {
            return PortfolioTable(header: [], rows: [])
        } catch {
            throw PortfolioInputError(issues: [
                InputIssue(row: nil, line: error.line, column: nil, message: error.message)
            ])
        }
        return PortfolioTable(
            header: table.header, headerLine: table.headerLine,
            rows: table.rows.map { PortfolioTable.Row(line: $0.line, fields: $0.fields.map(lineFeeds)) })
    }

    private static func lineFeeds(_ field: String) -> String {
        field.utf8.contains(UInt8(ascii: "\r")) ? field.replacingOccurrences(of: "\r\n", with: "\n") : field
    }
}
