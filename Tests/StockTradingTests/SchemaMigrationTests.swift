import Foundation
import Money
import Persistence
import StockTrading
import Testing

@Suite struct SchemaMigrationTests {
    let world = TestWorld()

    /// A store written by schema version 1, where the state record held every position.
    private func writeVersion1Store() async throws {
        try await world.store.migrate([Migration(version: 1, name: "version 1") { _ in }])
        let legacyState = """
            {"cash":500.5,"lastSnapshotDay":"2023-11-14","netDeposits":1000,"nextSequence":4,\
            "positions":{"AAPL":{"cost":300,"quantity":3,"symbol":"AAPL"},\
            "TSLA":{"cost":199.5,"quantity":1,"symbol":"TSLA"}},"realizedPL":0}
            """
        try await world.store.write { transaction in
            try transaction.put("u/0123abcd/state", value: Data(legacyState.utf8), expiresAt: nil, searchText: nil)
        }
    }

    @Test func version2MovesEachPositionIntoItsOwnRecordAndKeepsTheTotals() async throws {
        try await writeVersion1Store()
        try await world.accounts.prepare()

        let holdings = try await Brokerage(store: world.store, timing: world.timing, userID: "0123abcd").holdings()
        #expect(
            holdings.positions == [
                Position(symbol: "AAPL", quantity: 3, cost: 300),
                Position(symbol: "TSLA", quantity: 1, cost: Amount("199.5")!),
            ])
        #expect(holdings.state.cash == Amount("500.5"))
        #expect(holdings.state.nextSequence == 4)
        #expect(holdings.state.lastSnapshotDay == "2023-11-14")
        let state = try await world.store.read { try $0.get("u/0123abcd/state") }
        #expect(state.map { String(decoding: $0.value, as: UTF8.self).contains("positions") } == false)
        #expect(try await world.store.schemaVersion() == 2)
    }

    @Test func aTradeAfterTheMigrationBuildsOnTheMovedPosition() async throws {
        try await writeVersion1Store()
        try await world.accounts.prepare()
        let broker = Brokerage(store: world.store, timing: world.timing, userID: "0123abcd", timeZone: world.utc)
        let receipt = try await broker.sell("AAPL", quantity: 3, quotes: try await world.quoteBook().quotes())
        #expect(receipt.entry.costOfSharesSold == 300)
        #expect(receipt.entry.realizedPL == 0)
        #expect(try await broker.holdings().positions.map(\.symbol) == ["TSLA"])
    }
}
