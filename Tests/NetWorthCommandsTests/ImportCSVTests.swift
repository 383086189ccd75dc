import CSVText
import Failures
import FeatureKit
import FeatureKitTesting
import Foundation
import Money
import NetWorth
import Testing

@testable import NetWorthCommands

/// The CSV syntax `networth import` accepts, read by FeatureKit's `CSVTable`: quotes, a byte-order mark,
/// CRLF, blank lines, and an unclosed quote named by its line.
@Suite struct ImportCSVTests {
    @Test func readsQuotedFieldsInAnyColumnOrder() throws {
        let text =
            "\u{FEFF}date,Amount,account,note\r\n2024-01-31,\"1,200.50\",\"Monzo, Savings\",\"said \"\"hi\"\"\"\r\n\r\n2024-02-29,-5,Current,\n"
        let file = try ImportCommand.balances(csv: text)
        #expect(file.rows.count == 2)
        #expect(file.rows[0].account == "Monzo, Savings")
        #expect(file.rows[0].update.amount == Amount("1200.5")!)
        #expect(file.rows[0].update.note == "said \"hi\"")
        #expect(file.rows[1].line == 4)
        #expect(file.rows[1].update.note == nil)
    }

    @Test func anEmptyFileAndAnUnclosedQuoteNameTheProblem() {
        let empty = #expect(throws: NetWorthError.self) { try ImportCommand.balances(csv: "") }
        #expect(empty?.what == "the file is empty")
        #expect(empty?.hint == "the first line names the columns: account,date,amount")
        let unclosed = #expect(throws: NetWorthError.self) {
            try ImportCommand.balances(csv: "account,date,amount\n\"A,2024-02-01,1\n")
        }
        #expect(unclosed?.what.hasPrefix("line 2: a double quote opened on line 2 is never closed") == true)
    }

    @Test func aFileWithAnUnclosedQuoteStoresNothingAndExits65() async throws {
        let harness = try await seeded()
        try await withTemporaryDirectory(prefix: "networth") { directory in
            let file = directory.appendingPathComponent("balances.csv")
            try "account,date,amount\nSavings,2024-06-01,1250\n\"Savings,2024-06-02,1300\n".write(
                to: file, atomically: true, encoding: .utf8)
            let before = try await harness.snapshot()
            let error = await harness.failure(["import", file.path])
            #expect(error?.kind == .dataError)
            #expect(error?.exitCode == 65)
            #expect(
                error?.what.hasPrefix("\(file.path): line 3: a double quote opened on line 3 is never closed") == true)
            #expect(try await harness.snapshot() == before)
        }
    }
}
