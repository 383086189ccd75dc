import FeatureKit
import Foundation
import MarketData
import Money
import Persistence
import StockTrading
import Testing
import TimingTesting

@testable import StockTradingCommands

@Suite struct TradingCommandsTests {
    @Test func quotesListTheSeedsStocksAndAreReproducibleWithASeed() async throws {
        let harness = try await Harness.make()
        let table = await harness.run(["quotes"])
        #expect(table.exitCode == 0)
        for symbol in BundledStocks.all.map(\.symbol) { #expect(table.stdout.contains(symbol)) }
        #expect(table.stdout.contains("Prices from the simulated market, as of"))
        let other = try await Harness.make()
        let same = await other.run(["quotes", "--format", "json"])
        let first = await harness.run(["quotes", "--format", "json"])
        #expect(first.stdout == same.stdout, "same seed, same first step")
        let rows = try #require(try harness.json(first.stdout) as? [[String: Any]])
        #expect(rows.count == 10)
        #expect(
            Set(rows[0].keys) == [
                "symbol", "name", "sector", "price", "currency", "previousClose", "dailyChange", "dailyChangeFraction",
                "asOf", "stale",
            ])
        let two = await harness.run(["quotes", "aapl", "TSLA", "--format", "csv"])
        #expect(
            two.stdout.hasPrefix(
                "symbol,name,sector,price,currency,previousClose,dailyChange,dailyChangeFraction,asOf,stale\r\n"))
        #expect(two.stdout.hasSuffix("\r\n") && !two.stdout.hasSuffix("\r\n\n"))
        #expect(two.stdout.components(separatedBy: "\r\n").count == 4)
        let unknown = await harness.run(["quotes", "XYZ"])
        #expect(unknown.exitCode == 1 && unknown.stderr.contains("unknown symbol XYZ"))
    }

    @Test func pricesMoveOnlyOnRefreshOrExpiry() async throws {
        let harness = try await Harness.make()
        let first = await harness.run(["quotes", "--format", "json"])
        #expect(await harness.run(["quotes", "--format", "json"]).stdout == first.stdout)
        #expect(await harness.run(["quotes", "--format", "json", "--refresh"]).stdout != first.stdout)
    }

    @Test func buyAndSellReportAndPersist() async throws {
        let harness = try await Harness.make()
        try await harness.signUp("ann@example.com", cash: 10_000)
        let quotes = try #require(
            try harness.json(await harness.run(["quotes", "AAPL", "--format", "json"]).stdout) as? [[String: Any]])
        let price = try #require(Decimal(string: "\(quotes[0]["price"]!)"))
        let buy = await harness.run(["buy", "aapl", "10", "--format", "json"])
        #expect(buy.exitCode == 0, "\(buy.stderr)")
        let receipt = try #require(try harness.json(buy.stdout) as? [String: Any])
        #expect(receipt["side"] as? String == "buy" && receipt["symbol"] as? String == "AAPL")
        #expect(Decimal(string: "\(receipt["cashAfter"]!)") == 10_000 - price * 10)
        #expect(receipt["realizedPL"] is NSNull)
        let sell = await harness.run(["sell", "AAPL", "4"])
        let exactPrice = try Amount(exactly: price)
        let fourShares = try Amount(exactly: price * 4)
        #expect(
            sell.stdout.hasPrefix(
                "Sold 4 AAPL at \(Formatting.money(exactPrice)) for \(Formatting.money(fourShares)). Realized P/L: $0.00."
            ))
        #expect(sell.stdout.contains("Position: 6 AAPL (average cost \(Formatting.money(exactPrice)))."))
        let portfolio = try #require(
            try harness.json(await harness.run(["portfolio", "--format", "json"]).stdout) as? [String: Any])
        let holdings = try #require(portfolio["holdings"] as? [[String: Any]])
        #expect(holdings.count == 1 && holdings[0]["quantity"] as? Int == 6)
        let totals = try #require(portfolio["totals"] as? [String: Any])
        #expect(Decimal(string: "\(totals["cash"]!)") == 10_000 - price * 6)
        #expect(Decimal(string: "\(totals["invested"]!)") == 10_000)
    }

    @Test func everyRefusedOrderExitsOneAndChangesNothing() async throws {
        let harness = try await Harness.make()
        try await harness.loginDemo()
        let before = try await harness.dump()
        let cases: [([String], String)] = [
            (
                ["buy", "XYZ", "1"],
                "error: unknown symbol XYZ — the market lists AAPL, AMD, AMZN, GOOGL, INTC, META, MSFT, NFLX, NVDA, TSLA"
            ),
            (["buy", "AAPL", "0"], "error: invalid quantity \"0\" — a quantity is a whole number from 1 to 1,000,000"),
            (["buy", "AAPL", "1.5"], "error: invalid quantity \"1.5\""),
            (["buy", "AAPL", "1000001"], "error: invalid quantity \"1000001\""),
            (["buy", "AAPL", "abc"], "error: invalid quantity \"abc\""),
            (["buy", "NVDA", "100"], "error: cannot buy 100 NVDA — it costs $"),
            (["sell", "AAPL", "3"], "error: cannot sell 3 AAPL — you hold 2 AAPL"),
            (["sell", "MSFT", "1"], "error: cannot sell 1 MSFT — you hold 0 MSFT"),
            (["sell", "XYZ", "1"], "error: unknown symbol XYZ"),
        ]
        // Fetch the prices once so the market's own step is not mistaken for a change made by a refusal.
        _ = await harness.run(["quotes"])
        let priced = try await harness.dump()
        for (arguments, message) in cases {
            let outcome = await harness.run(arguments)
            #expect(outcome.exitCode == 1, "\(arguments)")
            #expect(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
            #expect(outcome.stdout.isEmpty)
        }
        #expect(try await harness.dump() == priced)
        #expect(before.count <= priced.count)
        let cash = await harness.run(["buy", "NVDA", "100"])
        #expect(cash.stderr.contains("hint: add paper cash with: folio stocks deposit AMOUNT"))
    }

    @Test func portfolioOfTheDemoUserAndTheEmptyState() async throws {
        let harness = try await Harness.make()
        try await harness.loginDemo()
        let table = await harness.run(["portfolio"])
        #expect(table.exitCode == 0)
        #expect(table.stdout.contains("Portfolio of test@stockport.com (average cost basis, in USD)"))
        #expect(table.stdout.contains("AAPL") && table.stdout.contains("TSLA"))
        #expect(table.stdout.contains("Cash            $10,000.00"))
        #expect(table.stdout.contains("Invested        $10,606.66"))
        for line in table.stdout.split(separator: "\n") { #expect(line.count <= 100) }
        let csv = await harness.run(["portfolio", "--format", "csv"])
        #expect(
            csv.stdout.hasPrefix(
                "symbol,name,sector,quantity,averageCost,costBasis,price,value,unrealizedPL,unrealizedPLFraction,weight,priceAsOf,stale\r\n"
            ))
        try await harness.signUp("empty@example.com", cash: 0)
        let empty = await harness.run(["portfolio"])
        #expect(empty.stdout.contains("You hold no shares yet. Cash: $0.00."))
        #expect(empty.stdout.contains("ROI             —"))
        let json = try #require(
            try harness.json(await harness.run(["portfolio", "--format", "json"]).stdout) as? [String: Any])
        #expect((json["holdings"] as? [Any])?.isEmpty == true)
        #expect((json["totals"] as? [String: Any])?["roi"] is NSNull)
    }

    @Test func historyFiltersAndExports() async throws {
        let harness = try await Harness.make()
        try await harness.signUp("ann@example.com", cash: 100_000)
        _ = await harness.run(["buy", "AAPL", "5"])
        harness.wallClock.advance(by: 3 * 86_400)
        _ = await harness.run(["buy", "TSLA", "2"])
        _ = await harness.run(["sell", "AAPL", "2"])
        let all = try #require(
            try harness.json(await harness.run(["history", "--format", "json"]).stdout) as? [[String: Any]])
        #expect(all.map { $0["side"] as? String } == ["deposit", "buy", "buy", "sell"])
        #expect(all[0]["symbol"] is NSNull && all[0]["note"] as? String == "opening balance")
        let sells = try #require(
            try harness.json(await harness.run(["history", "--side", "sell", "--format", "json"]).stdout)
                as? [[String: Any]])
        #expect(sells.count == 1 && sells[0]["realizedPL"] != nil)
        let aapl = await harness.run(["history", "--symbol", "aapl", "--format", "csv"])
        #expect(
            aapl.stdout.hasPrefix(
                "sequence,timestamp,side,symbol,quantity,price,fx,amount,realizedPL,cashAfter,note\r\n"))
        #expect(aapl.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 3)
        let early = try #require(
            try harness.json(await harness.run(["history", "--to", "2023-11-14", "--format", "json"]).stdout)
                as? [[String: Any]])
        #expect(early.count == 2)
        let late = try #require(
            try harness.json(await harness.run(["history", "--from", "2023-11-15", "--format", "json"]).stdout)
                as? [[String: Any]])
        #expect(late.count == 2)
        let none = await harness.run(["history", "--side", "withdrawal"])
        #expect(none.stdout == "No entries match (of 4 in your history).\n")
        let badDate = await harness.run(["history", "--from", "14-11-2023"])
        #expect(badDate.exitCode == 64 && badDate.stderr.contains("YYYY-MM-DD"))
        let backwards = await harness.run(["history", "--from", "2023-11-20", "--to", "2023-11-10"])
        #expect(backwards.exitCode == 64)
        let table = await harness.run(["history"])
        #expect(table.stdout.contains("4 entries"))
        let file = harness.home.appendingPathComponent("history.csv")
        try FileManager.default.createDirectory(at: harness.home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: harness.home) }
        let exported = await harness.run(["history", "--format", "csv", "--output", file.path])
        #expect(exported.stdout.isEmpty)
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(written == (await harness.run(["history", "--format", "csv"])).stdout)
        #expect(written.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 5)
    }

    @Test func fifoBasisOnReports() async throws {
        let harness = try await Harness.make()
        try await harness.signUp("ann@example.com", cash: 100_000)
        _ = await harness.run(["buy", "AAPL", "2"])
        harness.wallClock.advance(by: 120)
        _ = await harness.run(["buy", "AAPL", "2", "--refresh"])
        harness.wallClock.advance(by: 120)
        _ = await harness.run(["sell", "AAPL", "2", "--refresh"])
        let average = try #require(
            try harness.json(await harness.run(["history", "--side", "sell", "--format", "json"]).stdout)
                as? [[String: Any]])
        let fifo = try #require(
            try harness.json(
                await harness.run(["history", "--side", "sell", "--basis", "fifo", "--format", "json"]).stdout)
                as? [[String: Any]])
        let buys = try #require(
            try harness.json(await harness.run(["history", "--side", "buy", "--format", "json"]).stdout)
                as? [[String: Any]])
        let firstCost = try #require(Decimal(string: "\(buys[0]["amount"]!)"))
        let secondCost = try #require(Decimal(string: "\(buys[1]["amount"]!)"))
        let proceeds = try #require(Decimal(string: "\(fifo[0]["amount"]!)"))
        #expect(Decimal(string: "\(fifo[0]["realizedPL"]!)") == proceeds - firstCost)
        #expect(Decimal(string: "\(average[0]["realizedPL"]!)") == proceeds - cents((firstCost + secondCost) / 2))
        let portfolio = try #require(
            try harness.json(await harness.run(["portfolio", "--basis", "fifo", "--format", "json"]).stdout)
                as? [String: Any])
        #expect(portfolio["basis"] as? String == "fifo")
        let holding = try #require((portfolio["holdings"] as? [[String: Any]])?.first)
        #expect(Decimal(string: "\(holding["costBasis"]!)") == secondCost)
    }

    /// Half up to the cent in `Decimal`, the ledger's rounding, to check its figures independently.
    private func cents(_ value: Decimal) -> Decimal {
        var input = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &input, 2, .plain)
        return rounded
    }
}
