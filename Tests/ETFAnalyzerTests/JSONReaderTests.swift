import ETFAnalyzer
import Foundation
import Money
import Testing
import Timing

@Suite("JSON portfolios")
struct JSONReaderTests {
    func read(_ text: String) throws(PortfolioInputError) -> PortfolioDocument {
        try PortfolioReader.read(json: text, defaultAnalysisDate: day("2025-05-26"))
    }

    func issues(_ text: String) -> [InputIssue] {
        do {
            _ = try read(text)
            return []
        } catch {
            return error.issues
        }
    }

    @Test("camelCase keys, numbers or numeric strings, quoted names with commas, comments")
    func valid() throws {
        let text = """
            // my portfolio
            [
              {"name": "Vanguard Total Stock Market ETF, VTI", "expenseRatio": 0.03, "yield": "1.30",
               "shares": 50, "purchasePrice": 210.40, "purchaseDate": "2022-04-01", "currentPrice": 265.10},
              {"name": "Bonds", "expenseRatio": "0.05%", "yield": 3.5, "shares": 12.5, "purchasePrice": "98.75",
               "purchaseDate": "2023-02-15", "currentPrice": 97.2, "analysisDate": "2025-01-31", "ticker": "BND"},
              {"name": "Cash-like", "expenseRatio": 0, "yield": 0, "shares": 1, "purchasePrice": 1,
               "purchaseDate": "2024-01-01", "currentPrice": 1, "analysisDate": null}
            ]
            """
        let document = try read(text)
        #expect(document.holdings.map(\.name) == ["Vanguard Total Stock Market ETF, VTI", "Bonds", "Cash-like"])
        #expect(document.holdings[0].expenseRatio == dec("0.03"))
        #expect(document.holdings[0].yield == dec("1.3"))
        #expect(document.holdings[0].purchasePrice == dec("210.4"))
        #expect(document.holdings[1].expenseRatio == dec("0.05"))
        #expect(document.holdings[1].shares == dec("12.5"))
        #expect(document.holdings[1].analysisDate == day("2025-01-31"))
        #expect(document.holdings[2].analysisDate == nil)
        #expect(document.warnings == ["key \"ticker\" is not one folio reads, so it is ignored"])
    }

    @Test("objects may order and spell their keys differently; a repeated key keeps its first value")
    func keyOrderAndSpelling() throws {
        let text = """
            [
              {"name": "A", "expenseRatio": 0.1, "yield": 1, "shares": 2, "purchasePrice": 10,
               "purchaseDate": "2024-01-01", "currentPrice": 11},
              {"currentPrice": 22, "shares": 3, "name": "B", "yield": 2, "expenseRatio": 0.2, "shares": 99,
               "purchaseDate": "2024-01-02", "purchasePrice": 20},
              {"Name": "C", "expense_ratio": 0.3, "Yield": 3, "SHARES": 4, "purchase_price": 30,
               "purchase_date": "2024-01-03", "current_price": 33, "note": "x"}
            ]
            """
        let document = try read(text)
        #expect(document.holdings.map(\.name) == ["A", "B", "C"])
        #expect(document.holdings.map(\.shares) == [2, 3, 4])
        #expect(document.holdings.map(\.currentPrice) == [11, 22, 33])
        #expect(document.holdings.map(\.expenseRatio) == [dec("0.1"), dec("0.2"), dec("0.3")])
        #expect(document.warnings == ["key \"note\" is not one folio reads, so it is ignored"])

        let misspelt = issues(
            """
            [{"name": "A", "expenseRatio": 0, "yield": 0, "shares": 1, "purchasePrice": 1,
              "purchaseDate": "2024-01-01", "currentPrice": 1},
             {"name": "B", "expense_ratio": -1, "yield": 0, "shares": 1, "purchasePrice": 1,
              "purchaseDate": "2024-01-01", "currentPrice": 1}]
            """)
        #expect(misspelt.map(\.row) == [2])
        #expect(misspelt.map(\.column) == ["expense_ratio"])
    }

    @Test("every problem in every object, by row and key")
    func problems() {
        let text = """
            [
              {"name": "", "expenseRatio": -1, "yield": true, "shares": 0, "purchasePrice": "x",
               "purchaseDate": 20240101, "currentPrice": null},
              5,
              {"name": "Late", "expenseRatio": 0, "yield": 0, "shares": 1, "purchasePrice": 1,
               "purchaseDate": "2024-02-01", "currentPrice": 1, "analysisDate": "2024-01-01"},
              {"expenseRatio": 0}
            ]
            """
        let found = issues(text)
        #expect(found.map(\.row) == [1, 1, 1, 1, 1, 1, 1, 2, 3, 4, 4, 4, 4, 4, 4])
        #expect(
            found.prefix(7).map { $0.column ?? "" } == [
                "name", "expenseRatio", "yield", "shares", "purchasePrice", "purchaseDate", "currentPrice",
            ])
        #expect(found[2].message == "expected a number, found true")
        #expect(found[4].message == "\"x\" is not a number")
        #expect(found[5].message == "expected a date as \"YYYY-MM-DD\", found the number 20240101")
        #expect(found[6].message == "is missing — write the current price as a number")
        #expect(found[7].message == "expected an ETF object, found the number 5")
        #expect(found[8].column == "analysisDate")
        #expect(found[9].message == "is missing — every ETF needs a name")
    }

    @Test("exponents are read exactly; numbers too large to hold are reported, not rounded")
    func exponents() throws {
        let row =
            #"{"name": "A", "expenseRatio": 3e-2, "yield": 0, "shares": 1E+2, "purchasePrice": 1, "purchaseDate": "2024-01-01", "currentPrice": 1}"#
        let document = try read("[\(row)]")
        #expect(document.holdings[0].expenseRatio == dec("0.03"))
        #expect(document.holdings[0].shares == 100)
        let huge = issues("[\(row.replacingOccurrences(of: "1E+2", with: "1e200"))]")
        #expect(
            huge.map(\.message) == [
                "expected a number, found the number 1e+200, which has more digits or a larger exponent than folio can hold"
            ])
    }

    @Test("malformed JSON names the line; wrong shapes are explained")
    func malformed() {
        let syntax = issues("[\n  {\"name\": \"A\",\n   \"yield\" 2}\n]")
        #expect(syntax.count == 1)
        #expect(syntax[0].line == 3)
        // Foundation's parser names the place; its wording is its own.
        #expect(syntax[0].message.hasPrefix("the JSON cannot be parsed — "))
        #expect(syntax[0].message.hasSuffix(" at column 12"))
        #expect(
            issues("{\"name\": \"A\"}").map(\.message) == ["the JSON must be an array of ETF objects, found an object"])
        #expect(issues("[]").map(\.message) == ["the array is empty — add one object per ETF"])
    }
}

@Suite("Format detection and holdings validation")
struct FormatTests {
    @Test("extension first, then the first meaningful character")
    func detect() {
        #expect(PortfolioFormat.detect(path: "a.json", text: "name,x") == .json)
        #expect(PortfolioFormat.detect(path: "a.CSV", text: "[") == .csv)
        #expect(PortfolioFormat.detect(path: nil, text: "\n  // note\n [ {} ]") == .json)
        #expect(PortfolioFormat.detect(path: "portfolio", text: "# c\nname,yield") == .csv)
        #expect(PortfolioFormat.detect(path: nil, text: "") == .csv)
    }

    @Test("validate applies the same rules to holdings built in code")
    func validateHoldings() {
        let bad = holding(" ", er: "-1", shares: "0", bought: "2025-06-01")
        let found = PortfolioReader.validate([holding(), bad], defaultAnalysisDate: day("2025-05-26"))
        #expect(found.map(\.row) == [2, 2, 2, 2])
        #expect(found.map(\.column) == ["name", "expense_ratio", "shares", "purchase_date"])
        #expect(PortfolioReader.validate([], defaultAnalysisDate: nil).map(\.message) == ["the portfolio has no ETFs"])
    }
}
