import CSVText
import Failures
import FeatureKit
import FeatureKitTesting
import Foundation
import Testing

@Suite struct CSVTableTests {
    @Test func readsHeaderAndRowsWithNumbersAndLines() throws {
        let table = try CSVTable(text: "account,date,amount\nCurrent,2024-01-31,100\n\nSavings,2024-01-31,250\n")
        #expect(table.header == ["account", "date", "amount"])
        #expect(table.headerLine == 1)
        #expect(
            table.rows == [
                CSVTable.Row(number: 1, line: 2, fields: ["Current", "2024-01-31", "100"]),
                CSVTable.Row(number: 2, line: 4, fields: ["Savings", "2024-01-31", "250"]),
            ])
    }

    @Test func quotedFieldsHoldCommasQuotesAndLineBreaksAndLinesStayTrue() throws {
        let text = "name,note\r\n\"Vanguard, Total\",\"said \"\"hi\"\"\"\r\n\"two\nlines\",x\r\nlast,y\r\n"
        let table = try CSVTable(text: text)
        #expect(
            table.rows.map(\.fields) == [["Vanguard, Total", "said \"hi\""], ["two\nlines", "x"], ["last", "y"]])
        #expect(table.rows.map(\.line) == [2, 3, 5])
    }

    @Test func keepsRaggedRowsForACallerThatJudgesThemItself() throws {
        let table = try CSVTable(text: "a,b,c\n1,2\n1,2,3,4\n", options: .init(requiresHeaderWidth: false))
        #expect(table.rows.map(\.fields.count) == [2, 4])
    }

    @Test func refusesTheFirstRowWiderOrNarrowerThanTheHeaderWithItsLine() throws {
        let wider = #expect(throws: CSVTableError.self) {
            try CSVTable(text: "account,date,amount\nCurrent,2024-08-30,1\n\nEveryday Current,2024-08-31,12,34,5x\n")
        }
        #expect(wider?.line == 4)
        #expect(wider?.reason == .fieldCount)
        #expect(
            wider?.message == "the row has 5 fields where the header has 3 — nothing was read; put a field that "
                + "contains a comma in double quotes")
        let narrower = #expect(throws: CSVTableError.self) { try CSVTable(text: "a,b,c\n1,2,3\n\"x\ny\",2\n") }
        #expect(narrower?.line == 3)
        #expect(narrower?.message == "the row has 2 fields where the header has 3 — nothing was read")
    }

    @Test func trimsFieldsAndSkipsCommentsAndByteOrderMarkWhenAsked() throws {
        let text = "\u{FEFF}# portfolio\nticker , name\n  VTI ,  \"Total, Market\" \n# later\nBND,Bonds\n"
        let table = try CSVTable(text: text, options: .init(trimsFields: true, skipsComments: true))
        #expect(table.header == ["ticker", "name"])
        #expect(table.headerLine == 2)
        #expect(table.rows.map(\.fields) == [["VTI", "Total, Market"], ["BND", "Bonds"]])
        #expect(table.rows.map(\.line) == [3, 5])
        let untrimmed = try CSVTable(text: "a\n  x \n", options: .init(trimsFields: false))
        #expect(untrimmed.rows.first?.fields == ["  x "])
    }

    @Test func anUnclosedQuoteNamesItsLine() {
        let error = #expect(throws: CSVTableError.self) { try CSVTable(text: "a,b\n1,2\n\"open,3\n4,5\n") }
        #expect(error?.line == 3)
        #expect(error?.reason == .unclosedQuote)
        #expect(error?.message.hasPrefix("a double quote opened on line 3 is never closed") == true)
    }

    @Test func anEmptyTextHasNoHeader() {
        let error = #expect(throws: CSVTableError.self) { try CSVTable(text: "\n\n") }
        #expect(error?.description == "line 1: the file is empty — it needs a header row")
        #expect(error?.reason == .empty)
    }

    @Test func readingAFileMapsErrorsToTheDocumentedCodes() async throws {
        try await withTemporaryDirectory(prefix: "csv-table") { folder in
            let good = folder.appendingPathComponent("good.csv")
            try Data("a,b\n1,2\n".utf8).write(to: good)
            #expect(try CSVTable.read(fileAtPath: good.path).rows.count == 1)
            let bad = folder.appendingPathComponent("bad.csv")
            try Data("a,b\n\"1,2\n".utf8).write(to: bad)
            let damaged = #expect(throws: FolioError.self) { try CSVTable.read(fileAtPath: bad.path) }
            #expect(damaged?.exitCode == 65)
            #expect(damaged?.what.hasPrefix("\(bad.path) line 2: a double quote") == true)
            let missing = #expect(throws: FolioError.self) {
                try CSVTable.read(fileAtPath: folder.appendingPathComponent("none.csv").path)
            }
            #expect(missing?.exitCode == 66)
        }
    }
}
