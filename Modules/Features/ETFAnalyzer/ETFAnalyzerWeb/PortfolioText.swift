import ETFAnalyzer
import Failures
import FeatureKit
import Foundation
import Money
import Timing

/// A pasted or uploaded portfolio, read by the domain's reader as a file is, and refused as the form shows it.
enum PortfolioText {
    /// The most rows a pasted or uploaded portfolio may hold: a page of results a person can read, and a bound on
    /// the work one request asks of the server.
    static let maximumRows = 1000

    /// The refusal of a portfolio of `count` rows, beyond ``maximumRows``.
    static func tooManyRows(_ count: Int) -> FolioError {
        FolioError(
            .invalid, "the portfolio has \(count) rows",
            why: "a pasted or uploaded portfolio may hold at most \(Amount(maximumRows).formatted(places: 0)) rows",
            hint: "split it into smaller portfolios, or analyze the file with folio etf analyze", field: "csv")
    }

    /// Every problem the readers found in the text, as the form shows them beside the box.
    struct Refusal: Error, Sendable {
        var issues: [InputIssue]
    }

    /// Reads and validates `text` (JSON when it starts with `{` or `[`, else CSV), as the terminal reads a file.
    /// - Parameter defaultAnalysisDate: For the date-order rule; nil checks it only for rows with their own date.
    /// - Throws: ``Refusal`` listing every problem with its row, line and column.
    static func document(_ text: String, defaultAnalysisDate: CalendarDate?) throws(Refusal) -> PortfolioDocument {
        do throws(PortfolioInputError) {
            return try PortfolioReader.document(text: text, defaultAnalysisDate: defaultAnalysisDate)
        } catch {
            throw Refusal(issues: error.issues)
        }
    }
}
