import Foundation
import Money
import Persistence
import PersistenceTesting
import StockTrading
import Testing
import TimingTesting

@Suite struct BrokerageTests {
    let world = TestWorld()

    @Test func buyAndSellMoveCashPositionAndHistoryTogether() async throws {
        let ann = try await world.user(cash: 1_000)
        let broker = world.brokerage(ann)
        var quotes = try await world.quoteBook().quotes()
        let buy = try await broker.buy("aapl", quantity: 3, quotes: quotes)
        #expect(buy.entry.amount == 300 && buy.entry.cashAfter == 700 && buy.position.quantity == 3)
        world.market.set("AAPL", Amount("110.10")!)
        quotes = try await world.quoteBook().quotes(.refresh)
        _ = try await broker.buy("AAPL", quantity: 1, quotes: quotes)
        let sell = try await broker.sell("AAPL", quantity: 2, quotes: quotes)
        // Average cost (300 + 110.10) / 4 = 102.525; cost of 2 = 205.05; proceeds 220.20.
        #expect(sell.entry.costOfSharesSold == Amount("205.05"))
        #expect(sell.entry.realizedPL == Amount("15.15"))
        let holdings = try await broker.holdings()
        #expect(holdings.state.cash == Amount("810.10"))
        #expect(holdings.positions == [Position(symbol: "AAPL", quantity: 2, cost: Amount("205.05")!)])
        #expect(holdings.state.realizedPL == Amount("15.15"))
        let history = try await broker.history()
        #expect(history.map(\.kind) == [.deposit, .buy, .buy, .sell])
        #expect(history.map(\.sequence) == [1, 2, 3, 4])
        #expect(history.last?.cashAfter == holdings.state.cash)
        _ = try await broker.sell("AAPL", quantity: 2, quotes: quotes)
        #expect(try await broker.holdings().positions.isEmpty)
    }

    @Test func everyRefusalLeavesTheStoreUntouched() async throws {
        let ann = try await world.user(cash: 1_000)
        let broker = world.brokerage(ann)
        let quotes = try await world.quoteBook().quotes()
        _ = try await broker.buy("TSLA", quantity: 2, quotes: quotes)
        let before = try await world.dump()
        await #expect(
            throws: StockTradingError.insufficientCash(symbol: "MSFT", quantity: 3, cost: 900, available: 600)
        ) {
            try await broker.buy("MSFT", quantity: 3, quotes: quotes)
        }
        await #expect(throws: StockTradingError.insufficientShares(symbol: "TSLA", requested: 3, held: 2)) {
            try await broker.sell("TSLA", quantity: 3, quotes: quotes)
        }
        await #expect(throws: StockTradingError.insufficientShares(symbol: "AAPL", requested: 1, held: 0)) {
            try await broker.sell("AAPL", quantity: 1, quotes: quotes)
        }
        await #expect(throws: StockTradingError.unknownSymbol("NOPE", known: ["AAPL", "MSFT", "TSLA"])) {
            try await broker.buy("NOPE", quantity: 1, quotes: quotes)
        }
        await #expect(throws: StockTradingError.invalidQuantity("0")) {
            try await broker.buy("AAPL", quantity: 0, quotes: quotes)
        }
        await #expect(throws: StockTradingError.invalidQuantity("1000001")) {
            try await broker.sell("AAPL", quantity: 1_000_001, quotes: quotes)
        }
        await #expect(throws: StockTradingError.insufficientCashToWithdraw(amount: 601, available: 600)) {
            try await broker.withdraw(601)
        }
        #expect(try await world.dump() == before)
    }

    @Test func aStorageFailureWritesNothing() async throws {
        let ann = try await world.user(cash: 1_000)
        let quotes = try await world.quoteBook().quotes()
        let before = try await world.dump()
        let flaky = Brokerage(
            store: FlakyStore(base: world.store, allowedWrites: 0), timing: world.timing, userID: ann.userID)
        await #expect(throws: PersistenceError.self) { try await flaky.buy("AAPL", quantity: 1, quotes: quotes) }
        #expect(try await world.dump() == before)
    }

    @Test func quantityParsing() throws {
        #expect(try TradeLimits.quantity("1") == 1)
        #expect(try TradeLimits.quantity("1,000,000") == 1_000_000)
        #expect(try TradeLimits.quantity(" \t25 ") == 25)
        #expect(try TradeLimits.quantity("\u{00A0}1,5\u{2003}") == 15)
        for bad in ["0", "-1", "1.5", "1e3", "abc", "", "1000001", "99999999999999999999", "1 000", " ", ",", "٣"] {
            #expect(throws: StockTradingError.invalidQuantity(bad)) { try TradeLimits.quantity(bad) }
        }
    }

    @Test func cashAmountParsing() throws {
        #expect(try TradeLimits.cashAmount("$1,250.50") == Amount("1250.50"))
        #expect(try TradeLimits.cashAmount("0", allowZero: true) == 0)
        for bad in ["0", "-5", "12.345", "1e3", "ten", "1000000000.01", ".5"] {
            #expect(throws: StockTradingError.self) { try TradeLimits.cashAmount(bad) }
        }
    }

    @Test func depositsAndWithdrawalsAreExternalFlows() async throws {
        let ann = try await world.user(cash: 1_000)
        let broker = world.brokerage(ann)
        _ = try await broker.deposit(500)
        _ = try await broker.withdraw(200)
        let state = try await broker.holdings().state
        #expect(state.cash == 1_300 && state.netDeposits == 1_300)
        #expect(try await broker.history().map(\.kind) == [.deposit, .deposit, .withdrawal])
    }

    @Test func concurrentTradesNeverLoseAnUpdate() async throws {
        let ann = try await world.user(cash: 100_000)
        let quotes = try await world.quoteBook().quotes()
        _ = try await world.brokerage(ann).buy("AAPL", quantity: 50, quotes: quotes)
        let broker = world.brokerage(ann)
        let refusals = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    var refused = 0
                    for index in 0..<100 {
                        do {
                            if (index + worker) % 2 == 0 {
                                _ = try await broker.buy("AAPL", quantity: 1, quotes: quotes)
                            } else {
                                _ = try await broker.sell("AAPL", quantity: 2, quotes: quotes)
                            }
                        } catch is StockTradingError { refused += 1 }
                    }
                    return refused
                }
            }
            return try await group.reduce(0, +)
        }
        let history = try await broker.history()
        let holdings = try await broker.holdings()
        #expect(history.count == 1 + 1 + 400 - refusals)
        let cash = try history.map(\.cashDelta).sum()
        #expect(cash == holdings.state.cash)
        let shares = history.reduce(0) { $0 + ($1.kind == .buy ? $1.quantity! : $1.kind == .sell ? -$1.quantity! : 0) }
        #expect(shares == (holdings.positions.first?.quantity ?? 0))
        #expect(holdings.state.cash >= .zero && shares >= 0)
    }

    @Test func tradesRecordTheDaysValueSnapshot() async throws {
        let ann = try await world.user(cash: 1_000)
        let quotes = try await world.quoteBook().quotes()
        _ = try await world.brokerage(ann).buy("AAPL", quantity: 2, quotes: quotes)
        world.wallClock.advance(by: 86_400)
        world.market.set("AAPL", 150)
        _ = try await world.brokerage(ann).recordSnapshot(prices: try await world.quoteBook().quotes(.refresh).prices)
        let snapshots = try await world.brokerage(ann).snapshots()
        #expect(snapshots.map(\.day) == ["2023-11-14", "2023-11-15"])
        #expect(try snapshots.map { try $0.totalValue } == [1_000, 1_100])
    }

    @Test("valuing again at the same value writes nothing; a changed value is recorded with its time")
    func anUnchangedValueIsNotRewritten() async throws {
        let ann = try await world.user(cash: 1_000)
        let broker = world.brokerage(ann)
        _ = try await broker.buy("AAPL", quantity: 2, quotes: try await world.quoteBook().quotes())
        let first = try await broker.recordSnapshot(prices: try await world.quoteBook().quotes().prices)
        // The account's own records: a quote fetched again is the price cache's business.
        func account() async throws -> [RawRecord] { try await world.dump().filter { $0.key.hasPrefix("u/") } }
        let stored = try await account()
        world.wallClock.advance(by: 60)
        let again = try await broker.recordSnapshot(prices: try await world.quoteBook().quotes().prices)
        #expect(again == first)
        #expect(try await account() == stored)
        world.wallClock.advance(by: 60)
        world.market.set("AAPL", 150)
        let moved = try await broker.recordSnapshot(prices: try await world.quoteBook().quotes(.refresh).prices)
        #expect(moved.recordedAt == first.recordedAt.addingTimeInterval(120))
        #expect(try moved.totalValue == 1_100)
        #expect(try await broker.snapshots() == [moved])
    }
}
