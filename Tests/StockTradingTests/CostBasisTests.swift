import Foundation
import Money
import Persistence
import StockTrading
import Testing

@Suite struct CostBasisTests {
    func entry(_ sequence: Int, _ kind: EntryKind, _ quantity: Int, _ price: Amount) -> LedgerEntry {
        LedgerEntry(
            sequence: sequence, kind: kind, timestamp: Date(timeIntervalSince1970: Double(sequence)), symbol: "AAPL",
            quantity: quantity, price: price, amount: try! price * quantity, cashAfter: 0)
    }

    var trades: [LedgerEntry] {
        [entry(1, .buy, 10, 100), entry(2, .buy, 10, 120), entry(3, .sell, 15, 130), entry(4, .buy, 5, 90)]
    }

    @Test func averageCost() throws {
        let replay = try CostBasis.replay(trades, method: .average)
        // Average 110 × 15 = 1650; proceeds 1950.
        #expect(replay.realizedBySequence[3] == 300)
        #expect(try replay.positions["AAPL"] == Position(symbol: "AAPL", quantity: 10, cost: 550 + 450))
    }

    @Test func fifoTakesTheOldestSharesFirst() throws {
        let replay = try CostBasis.replay(trades, method: .fifo)
        // 10 × 100 + 5 × 120 = 1600; proceeds 1950.
        #expect(replay.realizedBySequence[3] == 350)
        #expect(replay.costBySequence[3] == 1600)
        #expect(try replay.positions["AAPL"] == Position(symbol: "AAPL", quantity: 10, cost: 600 + 450))
        #expect(replay.realizedPL == 350)
    }

    @Test func averageReplayMatchesTheLedger() async throws {
        let world = TestWorld()
        let ann = try await world.user(cash: 100_000)
        let broker = world.brokerage(ann)
        for (price, side, quantity) in [
            ("100.33", EntryKind.buy, 7), ("101.7", .buy, 3), ("99.99", .sell, 4), ("120", .buy, 11),
            ("80.01", .sell, 9), ("150", .sell, 8),
        ] {
            world.market.set("AAPL", Amount(price)!)
            let quotes = try await world.quoteBook().quotes(.refresh)
            if side == .buy {
                _ = try await broker.buy("AAPL", quantity: quantity, quotes: quotes)
            } else {
                _ = try await broker.sell("AAPL", quantity: quantity, quotes: quotes)
            }
        }
        let history = try await broker.history()
        let replay = try CostBasis.replay(history, method: .average)
        for entry in history where entry.kind == .sell {
            #expect(replay.realizedBySequence[entry.sequence] == entry.realizedPL)
        }
        #expect(replay.positions.isEmpty)
        #expect(try await broker.holdings().state.realizedPL == replay.realizedPL)
        let fifo = try CostBasis.replay(history, method: .fifo)
        // Selling out means both methods have realized the same total.
        #expect(fifo.realizedPL == replay.realizedPL)
    }

    /// The ledger stores `cost × sold / held` rounded half up to the cent: the same value Foundation's `Decimal`
    /// gives for that formula, on thousands of generated positions.
    @Test func averageCostMatchesDecimalDivisionRoundedHalfUp() throws {
        var state: UInt64 = 0x5EED
        func next(_ bound: UInt64) -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 11) % bound
        }
        func cents(_ value: Decimal) -> Decimal {
            var input = value
            var rounded = Decimal()
            NSDecimalRound(&rounded, &input, 2, .plain)
            return rounded
        }
        for index in 0..<5_000 {
            let units = index % 5 == 0 ? next(100) * 100 : next(10_000_000_000)
            let costCents = index % 7 == 0 ? units / 100 * 100 : units
            let cost = Amount(Int(costCents), places: 2)
            let held = Int(next(index % 3 == 0 ? 10 : 1_000_000)) + 1
            let sold = Int(next(UInt64(held)))
            let ours = try CostBasis.averageCostRemoved(cost: cost, held: held, sold: sold)
            let reference = cents(cost.decimalValue * Decimal(sold) / Decimal(held))
            #expect(ours.decimalValue == reference, "\(cost) × \(sold) / \(held)")
        }
        #expect(try CostBasis.averageCostRemoved(cost: Amount("0.05")!, held: 2, sold: 1) == Amount("0.03")!)
        #expect(try CostBasis.averageCostRemoved(cost: Amount("10.001")!, held: 3, sold: 1) == Amount("3.33")!)
    }
}
