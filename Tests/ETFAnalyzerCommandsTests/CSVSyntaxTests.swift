import CSVText
import ETFAnalyzer
import FeatureKit
import Foundation
import Money
import Testing
import Timing

@testable import ETFAnalyzerCommands

/// The CSV syntax of a portfolio file, read by FeatureKit's `CSVTable` in the plug-in: quotes, comments,
/// blank lines, CRLF, a byte-order mark, line numbers across multi-line fields, unclosed quotes.
@Suite("CSV portfolio syntax")
struct CSVSyntaxTests {
    let header = "name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price"

    func read(_ text: String, asOf: String? = "2025-05-26") throws(PortfolioInputError) -> PortfolioDocument {
        try PortfolioReader.document(
            text: text, format: .csv, defaultAnalysisDate: asOf.map { CalendarDate(iso8601: $0)! })
    }

    func issues(_ text: String, asOf: String? = "2025-05-26") -> [InputIssue] {
        do {
            _ = try read(text, asOf: asOf)
            return []
        } catch {
            return error.issues
        }
    }

    func day(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }

    @Test("quoted names with commas and doubled quotes, columns in any order")
    func quotedNames() throws {
        let text = """
            current_price,name,shares,yield,purchase_date,expense_ratio,purchase_price
            520.25,"Vanguard S&P 500 ETF, VOO",40,1.25,2022-03-15,0.03,380.50
            78.90,"iShares ""Core"" MSCI EAFE, IEFA",150,3.10,2023-01-10,0.07,68.20
            """
        let document = try read(text)
        #expect(document.holdings.count == 2)
        #expect(document.holdings[0].name == "Vanguard S&P 500 ETF, VOO")
        #expect(document.holdings[1].name == "iShares \"Core\" MSCI EAFE, IEFA")
        #expect(document.holdings[0].currentPrice == dec("520.25"))
        #expect(document.holdings[0].expenseRatio == dec("0.03"))
        #expect(document.holdings[1].yield == dec("3.1"))
        #expect(document.holdings[1].shares == 150)
        #expect(document.holdings[0].purchaseDate == day("2022-03-15"))
        #expect(document.holdings[0].analysisDate == nil)
        #expect(document.warnings.isEmpty)
    }

    @Test("comments, blank lines, CRLF, a byte-order mark, loose headers, % signs and padding")
    func lenientLayout() throws {
        let text =
            "\u{FEFF}# my ETFs\r\n\r\nName, Expense Ratio, Yield, Shares, Purchase-Price, purchaseDate, Current Price, Analysis Date\r\n"
            + "  # a comment inside\r\n"
            + "Fund A , 0.07% , 2.5 % ,10,100,2024-01-01,110, 2024-12-31\r\n"
            + "Fund B,0,0,1.5,20,2024-02-01,21,\r\n"
        let document = try read(text)
        #expect(document.holdings.map(\.name) == ["Fund A", "Fund B"])
        #expect(document.holdings[0].expenseRatio == dec("0.07"))
        #expect(document.holdings[0].yield == dec("2.5"))
        #expect(document.holdings[0].analysisDate == day("2024-12-31"))
        #expect(document.holdings[1].analysisDate == nil)
        #expect(document.holdings[1].shares == dec("1.5"))
    }

    @Test("a quoted field after a space still reads as one field")
    func quoteAfterSpace() throws {
        let text =
            "name, expense_ratio, yield, shares, purchase_price, purchase_date, current_price\n"
            + "  \"Fund, with comma\", 0.1, 1, 10, 100, 2024-01-01, 101\n"
        let document = try read(text)
        #expect(document.holdings.first?.name == "Fund, with comma")
    }

    @Test("a name spanning lines keeps later rows' line numbers right")
    func multilineName() {
        let text = header + "\n\"Two\nLines\",0,0,1,1,2024-01-01,1\nBad,0,0,0,1,2024-01-01,1\n"
        let found = issues(text)
        #expect(
            found == [
                InputIssue(row: 2, line: 4, column: "shares", message: "0 is not more than 0 — shares must be positive")
            ])
    }

    @Test("empty files, header-only files and unclosed quotes")
    func emptyAndBroken() {
        #expect(issues("").map(\.message) == ["the file is empty — it needs a header row and one row per ETF"])
        #expect(issues("# only a comment\n\n").count == 1)
        #expect(issues(header + "\n").map(\.message) == ["the file has a header but no ETF rows"])
        let unclosed = issues(header + "\nF,0,0,1,1,2024-01-01,1\n\"Open, 0,0,1,1,2024-01-01,1\n")
        #expect(unclosed.count == 1)
        #expect(unclosed[0].line == 3)
        #expect(unclosed[0].message.hasPrefix("a double quote opened on line 3 is never closed"))
    }

    @Test("long or multi-line bad values are shown quoted and cut")
    func quotedValues() {
        let found = issues(
            header + "\nF,\"1\n2\",0,1,1,2024-01-01,1\nG,0,0,\(String(repeating: "9", count: 45))x,1,2024-01-01,1\n")
        #expect(found[0].message == "\"1\\n2\" is not a number")
        #expect(found[1].message.hasPrefix("\"999999999999999999999999999999999999999…\" is not a number"))
    }

    @Test("RFC 4180 edges: CRLF inside quotes, a last line without a newline")
    func splitterEdges() throws {
        // Text after a closing quote (`"Quoted" tail`) is not RFC 4180; CSV.swift reads such a field on to
        // the next quote, so it is no longer read as "Quoted tail" and is left out here.
        let text =
            header + "\r\n\"Line\r\nBreak\",0,0,1,1,2024-01-01,1\r\n"
            + "\"\"\"Only\"\" quotes\",0,0,3,1,2024-01-01,1"
        let document = try read(text)
        #expect(document.holdings.map(\.name) == ["Line\nBreak", "\"Only\" quotes"])
        #expect(document.holdings.map(\.shares) == [1, 3])
    }

    @Test("a trailing comma is one more, empty, field")
    func trailingComma() {
        let found = issues(header + "\nF,0,0,1,1,2024-01-01,1,\n")
        #expect(
            found.map(\.message) == ["has 8 fields, the header has 7 — put names that contain commas in double quotes"])
    }
}
