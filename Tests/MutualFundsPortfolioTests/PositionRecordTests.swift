import Foundation
import Money
import Testing

@testable import MutualFundsPortfolio

/// The stored form of a position: flows in whole paise as integers, finer ones as exact text, and records written
/// by an older folio (text only) still read.
@Suite("Stored positions")
struct PositionRecordTests {
    static func record(_ amounts: [Amount]) throws -> [String: Any] {
        var position = try Position(
            HeldScheme(folio: "1", amc: "A", name: "Fund", isin: "INF1", amfi: 1), asOf: nil)
        position.flows = amounts.enumerated().map { index, amount in
            CashFlow(date: Date(timeIntervalSince1970: Double(19_000 + index) * 86_400), amount: amount)
        }
        let data = try JSONEncoder().encode(position)
        #expect(try JSONDecoder().decode(Position.self, from: data) == position)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("whole paise are stored as integers, a flow finer than a paisa keeps every flow as text; both read back")
    func columns() throws {
        let paise = try Self.record([Amount(-1000), Amount(-5, places: 2), Amount("550.1")!])
        #expect(paise["flowPaise"] as? [Int] == [-100_000, -5, 55_010] && paise["flowAmounts"] == nil)
        #expect(paise["flowDays"] as? [Int] == [19_000, 19_001, 19_002])
        let text = try Self.record([Amount(-1000), Amount("0.0001")!])
        #expect(text["flowAmounts"] as? [String] == [Amount(-1000).plainText, "0.0001"] && text["flowPaise"] == nil)
    }

    @Test("a record an older folio wrote, its flows as text, reads as before")
    func older() throws {
        let json = """
            {"folio":"1","name":"Fund","isin":"INF1","amfi":1,"reconciled":true,"opensWithUnits":false,
            "units":"10","invested":"100","flowDays":[19000,19001],"flowAmounts":["-100.00","120.5"]}
            """
        let position = try JSONDecoder().decode(Position.self, from: Data(json.utf8))
        #expect(position.flows.map(\.amount) == [Amount(-100), Amount("120.5")!])
        #expect(
            position.flows.map(\.date) == [19_000, 19_001].map { Date(timeIntervalSince1970: Double($0) * 86_400) })
    }
}
