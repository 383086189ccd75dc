import ETFAnalyzer
import FeatureKit
import Foundation
import Money
import Testing
import Timing

@testable import ETFAnalyzerCommands

@Suite("The domain's report CSV matches FeatureKit's writer")
struct FormattingTests {
    @Test("the report's CSV is exactly what CSVOutput makes of the JSON rows")
    func sameDocuments() throws {
        let text = try String(contentsOfFile: examplePath, encoding: .utf8)
        let holdings = try PortfolioReader.document(text: text, defaultAnalysisDate: nil).holdings
        let extra = ETFHolding(
            name: "Tab\tquote\" back\\slash, new\nline\r\n\u{01}\u{08}\u{0C}\u{1F} café 📈", expenseRatio: 0, yield: 0,
            shares: 1, purchasePrice: 3,
            purchaseDate: CalendarDate(iso8601: "2025-05-26")!, currentPrice: 1)
        for portfolio in [holdings, holdings + [extra], [extra]] {
            let report = try PortfolioCalculator.report(
                portfolio, defaultAnalysisDate: CalendarDate(iso8601: "2025-05-26")!, growthRate: dec("0.07"))
            #expect(ReportExport.csv(report) == (try CSVOutput.rows(report.rows, columns: ETFRow.columns)))
        }
    }
}
