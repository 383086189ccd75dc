import ETFAnalyzer
import Foundation
import Money
import Testing
import Timing

/// The rows of `text` as a CSV reader gives them, for plain rows only (no quotes): splitting CSV is the
/// plug-in's job (FeatureKit's `CSVTable`), and its syntax is tested in ETFAnalyzerCommandsTests. Blank lines
/// and `#` comment lines are left out, as the plug-in's reader leaves them out.
func plainTable(_ text: String) -> PortfolioTable {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().filter {
        let content = $0.element.trimmingCharacters(in: .whitespaces)
        return !content.isEmpty && !content.hasPrefix("#")
    }
    let rows = lines.map { line, text in
        PortfolioTable.Row(
            line: line + 1,
            fields: text.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            })
    }
    guard let header = rows.first else { return PortfolioTable(header: [], rows: []) }
    return PortfolioTable(header: header.fields, headerLine: header.line, rows: Array(rows.dropFirst()))
}

@Suite("CSV portfolios")
struct CSVReaderTests {
    let header = "name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price"

    func read(_ text: String, asOf: String? = "2025-05-26") throws(PortfolioInputError) -> PortfolioDocument {
        try PortfolioReader.read(plainTable(text), defaultAnalysisDate: asOf.map(day))
    }

    func issues(_ text: String, asOf: String? = "2025-05-26") -> [InputIssue] {
        do {
            _ = try read(text, asOf: asOf)
            return []
        } catch {
            return error.issues
        }
    }

    @Test("an unknown column is a warning, not an error")
    func unknownColumn() throws {
        let document = try read("ticker," + header + "\nVTI,Fund,0,0,1,1,2024-01-01,1\n")
        #expect(document.warnings == ["column \"ticker\" is not one folio reads, so it is ignored"])
        #expect(document.holdings.first?.name == "Fund")
    }

    @Test("every broken rule of every row is reported at once, with row, line and column")
    func everyRule() {
        let text = """
            # header follows
            \(header),analysis_date
            ,-0.1,-2,0,0,2024-01-01,-5,
            Fund B,abc,1..2,-3,1e5,2024-13-01,0,
            Fund C,0,0,1,1,2024-06-01,1,2024-05-31
            Fund D,0,0,1,1,2030-01-01,1,
            Fund E,0,0,1,1,2023-02-29,1,2024/01/0x
            """
        let found = issues(text)
        #expect(found.map(\.row) == [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 4, 5, 5])
        #expect(found.map(\.line) == [3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5, 6, 7, 7])
        #expect(
            found.map { $0.column ?? "" } == [
                "name", "expense_ratio", "yield", "shares", "purchase_price", "current_price",
                "expense_ratio", "yield", "shares", "purchase_price", "purchase_date", "current_price",
                "analysis_date", "purchase_date", "purchase_date", "analysis_date",
            ])
        #expect(found[0].message == "is empty — every ETF needs a name")
        #expect(found[1].message == "-0.1 is negative — the expense ratio must be 0 or more")
        #expect(found[2].message == "-2 is negative — the yield must be 0 or more")
        #expect(found[3].message == "0 is not more than 0 — shares must be positive")
        #expect(found[4].message == "0 is not more than 0 — purchase price must be positive")
        #expect(found[5].message == "-5 is not more than 0 — current price must be positive")
        #expect(found[6].message == "\"abc\" is not a number")
        #expect(found[7].message == "\"1..2\" is not a number")
        #expect(found[8].message == "-3 is not more than 0 — shares must be positive")
        #expect(found[9].message == "\"1e5\" is not a number")
        #expect(found[10].message.hasPrefix("\"2024-13-01\" is not a date"))
        #expect(found[11].message == "0 is not more than 0 — current price must be positive")
        #expect(found[12].message == "purchase date 2024-06-01 is after the analysis date 2024-05-31")
        #expect(
            found[13].message == "purchase date 2030-01-01 is after the analysis date 2025-05-26 (--as-of, else today)")
        #expect(found[14].message.hasPrefix("\"2023-02-29\" is not a date"))
        #expect(found[15].message.hasPrefix("\"2024/01/0x\" is not a date"))
        #expect(found[3].description == "row 1 (line 3), column shares: 0 is not more than 0 — shares must be positive")
    }

    @Test("zero expense ratio and zero yield are valid")
    func zeroRates() throws {
        let document = try read(header + "\nFund,0,0,1,1,2024-01-01,1\n")
        #expect(document.holdings.first?.expenseRatio == 0)
        #expect(document.holdings.first?.yield == 0)
    }

    @Test("the analysis date may equal the purchase date; without a default only the row's own date is checked")
    func dateOrder() throws {
        #expect(issues(header + ",analysis_date\nF,0,0,1,1,2024-01-01,1,2024-01-01\n").isEmpty)
        #expect(issues(header + "\nF,0,0,1,1,2030-01-01,1\n", asOf: nil).isEmpty)
        #expect(issues(header + ",analysis_date\nF,0,0,1,1,2030-01-01,1,2029-01-01\n", asOf: nil).count == 1)
    }

    @Test("a row with too many fields suggests quoting the name")
    func fieldCount() {
        let found = issues(header + "\nVanguard, Inc,0,0,1,1,2024-01-01,1\nShort,0\n")
        #expect(found.count == 2)
        #expect(found[0].row == 1)
        #expect(found[0].column == nil)
        #expect(found[0].message == "has 8 fields, the header has 7 — put names that contain commas in double quotes")
        #expect(found[1].message == "has 2 fields, the header has 7")
    }

    @Test("header problems: missing and duplicate columns")
    func headerProblems() {
        let missing = issues("name,yield,shares\nF,1,1\n")
        #expect(missing.count == 1)
        #expect(missing[0].line == 1)
        #expect(
            missing[0].message.hasPrefix("the header lacks expense_ratio, purchase_price, purchase_date, current_price")
        )
        let duplicate = issues(header + ",Shares\nF,0,0,1,1,2024-01-01,1,2\n")
        #expect(duplicate.map(\.column) == ["Shares"])
        #expect(duplicate[0].message.hasPrefix("appears twice in the header"))
    }

    @Test("columns in any order, loose headers, % signs and padding")
    func looseColumns() throws {
        let text =
            "current_price, Name ,shares,Yield,purchaseDate,Expense Ratio,Purchase-Price, Analysis Date\n"
            + "520.25,Fund A ,40, 2.5 % ,2022-03-15, 0.07% ,380.50,2024-12-31\n"
            + "78.90,Fund B,1.5,0,2023-01-10,0,68.20,\n"
        let document = try read(text)
        #expect(document.holdings.map(\.name) == ["Fund A", "Fund B"])
        #expect(document.holdings[0].currentPrice == dec("520.25"))
        #expect(document.holdings[0].expenseRatio == dec("0.07"))
        #expect(document.holdings[0].yield == dec("2.5"))
        #expect(document.holdings[0].analysisDate == day("2024-12-31"))
        #expect(document.holdings[1].analysisDate == nil)
        #expect(document.holdings[1].shares == dec("1.5"))
        #expect(document.warnings.isEmpty)
    }

    @Test("a field holding a line break is shown with the break visible")
    func multilineValue() throws {
        let table = PortfolioTable(
            header: header.split(separator: ",").map(String.init),
            rows: [.init(line: 2, fields: ["F", "1\n2", "0", "1", "1", "2024-01-01", "1"])])
        let found = #expect(throws: PortfolioInputError.self) {
            try PortfolioReader.read(table, defaultAnalysisDate: day("2025-05-26"))
        }
        #expect(
            found?.issues == [
                InputIssue(row: 1, line: 2, column: "expense_ratio", message: "\"1\\n2\" is not a number")
            ])
    }

    @Test("an empty table and a header without rows")
    func emptyTables() {
        #expect(issues("").map(\.message) == ["the file is empty — it needs a header row and one row per ETF"])
        #expect(issues(header + "\n").map(\.message) == ["the file has a header but no ETF rows"])
    }
}
