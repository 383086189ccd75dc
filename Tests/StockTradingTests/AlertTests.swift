import Foundation
import Money
import Networking
import StockTrading
import Testing
import Timing
import TimingTesting

@Suite struct PriceAlertTests {
    let start = Date(timeIntervalSince1970: 0)

    @Test func aboveFiresOnlyOnACrossingFromBelow() {
        let alert = PriceAlert(id: 1, symbol: "AAPL", direction: .above, level: 180, referencePrice: 175, createdAt: start)
        #expect(alert.crosses(from: 175, to: 180))
        #expect(alert.crosses(from: Amount("179.99")!, to: 200))
        #expect(!alert.crosses(from: 180, to: 181), "already at the level: no crossing")
        #expect(!alert.crosses(from: 181, to: 185))
        #expect(!alert.crosses(from: 170, to: Amount("179.99")!))
        #expect(!alert.crosses(from: 185, to: 170))
    }

    @Test func belowFiresOnlyOnACrossingFromAbove() {
        let alert = PriceAlert(id: 1, symbol: "TSLA", direction: .below, level: 250, referencePrice: 260, createdAt: start)
        #expect(alert.crosses(from: 260, to: 250))
        #expect(alert.crosses(from: Amount("250.01")!, to: 100))
        #expect(!alert.crosses(from: 250, to: 240))
        #expect(!alert.crosses(from: 240, to: 260))
    }

    @Test func firesOnceThenStaysFiredUntilRearmed() {
        var alert = PriceAlert(id: 1, symbol: "AAPL", direction: .above, level: 180, referencePrice: 175, createdAt: start)
        var result = alert.checked(price: 178, at: start.addingTimeInterval(60))
        #expect(!result.fired && result.alert.referencePrice == 178)
        result = result.alert.checked(price: 181, at: start.addingTimeInterval(120))
        #expect(result.fired && result.alert.status == .fired && result.alert.firedPrice == 181)
        alert = result.alert
        for price: Amount in [170, 190, 170, 190] {
            result = alert.checked(price: price, at: start.addingTimeInterval(180))
            #expect(!result.fired)
            #expect(result.alert == alert, "a fired alert does not change")
        }
        alert = alert.rearmed(price: 190, at: start.addingTimeInterval(240))
        #expect(alert.status == .armed && alert.firedAt == nil)
        #expect(!alert.checked(price: 195, at: start).fired, "re-armed above the level: needs to come back first")
        let down = alert.checked(price: 170, at: start).alert
        #expect(down.checked(price: 180, at: start).fired)
    }

    @Test func withoutAReferenceTheFirstCheckOnlyObserves() {
        let alert = PriceAlert(id: 1, symbol: "AAPL", direction: .above, level: 180, referencePrice: nil, createdAt: start)
        let first = alert.checked(price: 200, at: start)
        #expect(!first.fired && first.alert.referencePrice == 200)
    }
}

@Suite struct AlertBookTests {
    let world = TestWorld()

    @Test func checksFireOnCrossingsBetweenChecksDrivenByAManualClock() async throws {
        let ann = try await world.user()
        let book = AlertBook(store: world.store, userID: ann.userID)
        let quotes = world.quoteBook(ttl: .seconds(60))
        let monitor = AlertMonitor(alerts: book, quotes: quotes, timing: world.timing)
        let up = try await book.add(symbol: "aapl", direction: .above, level: 110, quotes: try await quotes.quotes(), at: world.timing.now())
        let down = try await book.add(symbol: "TSLA", direction: .below, level: 150, quotes: try await quotes.quotes(), at: world.timing.now())
        #expect(up.id == 1 && down.id == 2 && up.referencePrice == 100)

        let reports = ReportLog()
        let run = Task {
            try await monitor.run(every: .seconds(60), limit: 4) { check, _ in await reports.append(check) }
        }
        // Check 1 (now): nothing moved.
        await world.clock.waitForSleepers(1)
        #expect(await reports.count == 1)
        // Check 2: AAPL crosses 110.
        world.market.set("AAPL", 111)
        world.wallClock.advance(by: 60)
        await world.clock.advance(by: .seconds(60))
        await world.clock.waitForSleepers(1)
        // Check 3: AAPL dips and rises again; TSLA crosses 150 downwards.
        world.market.set("AAPL", 105)
        world.market.set("TSLA", 150)
        world.wallClock.advance(by: 60)
        await world.clock.advance(by: .seconds(60))
        await world.clock.waitForSleepers(1)
        world.market.set("AAPL", 120)
        world.wallClock.advance(by: 60)
        await world.clock.advance(by: .seconds(60))
        try await run.value

        let fired = await reports.all.map { $0.fired.map(\.id) }
        #expect(fired == [[], [1], [2], []], "each alert fires once, at its crossing")
        let alerts = try await book.list()
        #expect(alerts.map(\.status) == [.fired, .fired])
        #expect(alerts[0].firedPrice == 111 && alerts[1].firedPrice == 150)
        #expect(world.clock.totalSleeps == 3)
    }

    @Test func stalePricesFireNothing() async throws {
        let ann = try await world.user()
        let book = AlertBook(store: world.store, userID: ann.userID)
        let quotes = world.quoteBook()
        _ = try await book.add(symbol: "AAPL", direction: .above, level: 110, quotes: try await quotes.quotes(), at: world.timing.now())
        world.market.set("AAPL", 120)
        world.market.fail(with: .connectionFailed(url: URL(string: "http://127.0.0.1:9")!, reason: "down"))
        let check = try await book.check(quotes: try await quotes.quotes(.refresh), at: world.timing.now())
        #expect(check.fired.isEmpty && check.skippedSymbols == ["AAPL"])
        world.market.fail(with: nil)
        #expect(try await book.check(quotes: try await quotes.quotes(.refresh), at: world.timing.now()).fired.map(\.id) == [1])
    }

    @Test func removeRearmAndUnknowns() async throws {
        let ann = try await world.user()
        let book = AlertBook(store: world.store, userID: ann.userID)
        let quotes = try await world.quoteBook().quotes()
        await #expect(throws: StockTradingError.unknownSymbol("ZZZ", known: ["AAPL", "MSFT", "TSLA"])) {
            try await book.add(symbol: "ZZZ", direction: .above, level: 1, quotes: quotes, at: world.timing.now())
        }
        _ = try await book.add(symbol: "AAPL", direction: .above, level: 1, quotes: quotes, at: world.timing.now())
        _ = try await book.add(symbol: "AAPL", direction: .below, level: 1, quotes: quotes, at: world.timing.now())
        await #expect(throws: StockTradingError.alertNotFound(9)) { try await book.remove(9) }
        await #expect(throws: StockTradingError.alertNotFound(9)) { try await book.rearm(9, quotes: quotes, at: world.timing.now()) }
        #expect(try await book.remove(1).id == 1)
        #expect(try await book.list().map(\.id) == [2])
        let third = try await book.add(symbol: "MSFT", direction: .above, level: 1, quotes: quotes, at: world.timing.now())
        #expect(third.id == 3)
        let other = AlertBook(store: world.store, userID: "someone-else")
        #expect(try await other.list().isEmpty)
    }
}

actor ReportLog {
    var all: [AlertCheck] = []
    var count: Int { all.count }
    func append(_ check: AlertCheck) { all.append(check) }
}
