import ETFAnalyzer
import FeatureKit
import Foundation
import Money
import Timing

/// Writes holdings back out as a portfolio file that `folio etf analyze` reads.
enum PortfolioFileWriter {
    /// CSV with the canonical header; `analysis_date` and `asset_class` only when a row has one.
    static func csv(_ holdings: [ETFHolding]) -> String {
        let withDate = holdings.contains { $0.analysisDate != nil }
        let withClass = holdings.contains { $0.assetClass != nil }
        let fields = PortfolioField.allCases.filter {
            ($0 != .analysisDate || withDate) && ($0 != .assetClass || withClass)
        }
        let rows = holdings.map { holding in fields.map { holding.csvText($0) } }
        return CSVOutput.document(header: fields.map(\.csvName), rows: rows)
    }

    /// A JSON array of objects with the camelCase keys.
    static func json(_ holdings: [ETFHolding]) throws -> String {
        try JSONOutput.string(holdings)
    }

    /// The file's text in the form its extension asks for (`.json` is JSON, anything else CSV).
    static func text(_ holdings: [ETFHolding], path: String) throws -> String {
        PortfolioFormat.detect(path: path, text: "") == .json ? try json(holdings) : csv(holdings)
    }
}
