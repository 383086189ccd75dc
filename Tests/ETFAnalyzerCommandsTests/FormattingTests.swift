import ETFAnalyzer
@testable import ETFAnalyzerCommands
import FeatureKit
import Foundation
import Testing
import Timing

@Suite("Fast formatting matches FeatureKit")
struct FormattingTests {
    static let values = [
        "0", "1", "-1", "0.005", "0.015", "0.025", "-0.005", "-0.004", "1234.565", "1234.575", "999.995", "-999.995",
        "1234567.891", "0.1234", "-0.0501", "12.345678901234567890123", "-98765432109876.54321", "0.00001",
        "100", "0.3333333333333333333333333333333333333", "1e-30", "123456789012345678901234.5",
    ].map { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX"))! }
        // Full-width quotients and powers: 38–39 significant digits.
        + [Decimal(1) / Decimal(3), Decimal(-2) / Decimal(3), (0..<30).reduce(Decimal(52_971.5)) { value, _ in value * dec("1.07") }]

    @Test("money, signed money, decimals and percentages read exactly as NumberFormat writes them")
    func sameText() {
        for value in Self.values {
            for places in [0, 2, 3, 4] {
                #expect(FastNumberFormat.decimal(value, fractionDigits: places) == NumberFormat.decimal(value, fractionDigits: places), "\(value)")
                #expect(FastNumberFormat.decimal(value, fractionDigits: places, grouping: false)
                    == NumberFormat.decimal(value, fractionDigits: places, grouping: false), "\(value)")
                #expect(FastNumberFormat.percent(value, fractionDigits: places) == NumberFormat.percent(value, fractionDigits: places), "\(value)")
                #expect(FastNumberFormat.percent(value, fractionDigits: places, signed: false)
                    == NumberFormat.percent(value, fractionDigits: places, signed: false), "\(value)")
            }
            for currency in ["USD", "GBP", "INR", "CHF"] {
                let symbol = NumberFormat.currencySymbol(currency)
                #expect(FastNumberFormat.money(value, symbol: symbol) == NumberFormat.money(value, currency: currency), "\(value)")
                #expect(FastNumberFormat.signedMoney(value, symbol: symbol) == NumberFormat.signedMoney(value, currency: currency), "\(value)")
            }
        }
    }

    @Test("the report's JSON and CSV are exactly what JSONOutput and CSVOutput make of it")
    func sameDocuments() throws {
        let text = try String(contentsOfFile: examplePath, encoding: .utf8)
        let holdings = try PortfolioReader.read(text, defaultAnalysisDate: nil).holdings
        let extra = ETFHolding(
            name: "Tab\tquote\" back\\slash, new\nline", expenseRatio: 0, yield: 0, shares: 1, purchasePrice: 3,
            purchaseDate: CalendarDate(iso8601: "2025-05-26")!, currentPrice: 1)
        for portfolio in [holdings, holdings + [extra], [extra]] {
            let report = PortfolioCalculator.report(
                portfolio, defaultAnalysisDate: CalendarDate(iso8601: "2025-05-26")!, growthRate: dec("0.07"))
            #expect(ReportJSON.document(report) == (try JSONOutput.string(report)))
            #expect(ReportJSON.csv(report) == (try CSVOutput.rows(report.etfs.map(ETFRow.init), columns: ETFRow.columns)))
        }
    }

    @Test("the report table lays out like TextTable")
    func sameTable() {
        let columns: [TextTable.Column] = [.text("NAME", truncatable: true), .number("VALUE"), .text("NOTE")]
        let rows: [[TextTable.Cell]] = [
            ["A very long name that will have to be cut short", "$1.00", "x"],
            [.init("Ünïcödé 名前", color: .green), .trend("-$2.50", sign: -1), ""],
        ]
        for color in [false, true] {
            for width in [30, 100] {
                let style = Style(colorEnabled: color)
                #expect(
                    ReportTable(columns: columns, rows: rows, footer: [["Total", "$3.50", ""]]).render(style: style, maxWidth: width)
                        == TextTable(columns: columns, rows: rows, footer: [["Total", "$3.50", ""]]).render(style: style, maxWidth: width))
            }
        }
    }
}
