import CSVText
import ETFAnalyzer
import Failures
import FeatureKit
import Foundation
import Timing

/// A pasted or uploaded portfolio read by the domain's readers: CSV split by FeatureKit's `CSVTable` (splitting
/// text is the face's job, validating what it says the domain's), JSON read by the domain.
enum PortfolioText {
    /// The most rows a pasted or uploaded portfolio may hold: a page of results a person can read, and a bound on
    /// the work one request asks of the server.
    static let maximumRows = 1000

    /// Every problem the readers found in the text, as the form shows them beside the box.
    struct Refusal: Error, Sendable {
        var issues: [InputIssue]
    }

    /// Reads and validates `text` (JSON when it starts with `{` or `[`, else CSV).
    /// - Parameter defaultAnalysisDate: For the date-order rule; nil checks it only for rows with their own date.
    /// - Throws: ``Refusal`` listing every problem with its row, line and column.
    static func document(_ text: String, defaultAnalysisDate: CalendarDate?) throws(Refusal) -> PortfolioDocument {
        do throws(PortfolioInputError) {
            switch PortfolioFormat.detect(path: nil, text: text) {
            case .csv: return try PortfolioReader.read(try table(text), defaultAnalysisDate: defaultAnalysisDate)
            case .json: return try PortfolioReader.read(json: text, defaultAnalysisDate: defaultAnalysisDate)
            }
        } catch {
            throw Refusal(issues: error.issues)
        }
    }

    /// The rows as the terminal splits a portfolio file: fields trimmed, `#` comment lines skipped, a quoted
    /// line break read as LF whether the browser sent CRLF (as forms do) or LF.
    static func table(_ text: String) throws(PortfolioInputError) -> PortfolioTable {
        let split: CSVTable
        do {
            split = try CSVTable(
                text: text, options: .init(trimsFields: true, skipsComments: true, requiresHeaderWidth: false))
        } catch  where error.reason == .empty {
            return PortfolioTable(header: [], rows: [])
        } catch {
            throw PortfolioInputError(issues: [
                InputIssue(row: nil, line: error.line, column: nil, message: error.message)
            ])
        }
        let rows = split.rows.map { row in
            PortfolioTable.Row(
                line: row.line, fields: row.fields.map { $0.replacingOccurrences(of: "\r\n", with: "\n") })
        }
        return PortfolioTable(header: split.header, headerLine: split.headerLine, rows: rows)
    }
}
