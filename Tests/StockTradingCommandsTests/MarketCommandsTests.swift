import FeatureKit
import Foundation
import MarketData
import MarketDataTesting
import Money
import Persistence
import StockTrading
import Synchronization
import Testing
import TimingTesting

@testable import StockTradingCommands

@Suite struct WatchlistAndAlertCommandsTests {
    @Test func watchlistAddListRemove() async throws {
        let harness = try await Harness.make()
        try await harness.signUp("ann@example.com")
        #expect(await harness.run(["watchlist", "list"]).stdout.contains("Your watchlist is empty."))
        #expect(await harness.run(["watchlist", "add", "nvda", "AMD"]).stdout == "Watching NVDA, AMD.\n")
        #expect(await harness.run(["watchlist", "add", "NVDA"]).stdout == "Already watching NVDA.\n")
        let before = try await harness.dump()
        let unknown = await harness.run(["watchlist", "add", "INTC", "XYZ"])
        #expect(unknown.exitCode == 1 && unknown.stderr.contains("unknown symbol XYZ"))
        #expect(try await harness.dump() == before, "nothing added when one symbol is unknown")
        let list = try #require(
            try harness.json(await harness.run(["watchlist", "list", "--format", "json"]).stdout) as? [[String: Any]])
        #expect(list.map { $0["symbol"] as? String } == ["AMD", "NVDA"])
        #expect(await harness.run(["watchlist", "remove", "amd"]).stdout == "Stopped watching AMD.\n")
        let missing = await harness.run(["watchlist", "remove", "AMD"])
        #expect(missing.exitCode == 1 && missing.stderr.contains("AMD is not on the watchlist"))
        try await harness.signUp("bob@example.com")
        #expect(await harness.run(["watchlist", "list"]).stdout.contains("empty"), "each user has their own watchlist")
    }
}

@Suite struct AnalyticsCommandTests {
    @Test func analyticsReportsReturnsAllocationAndHistory() async throws {
        let harness = try await Harness.make()
        try await harness.loginDemo()
        let table = await harness.run(["analytics"])
        #expect(table.exitCode == 0)
        #expect(table.stdout.contains("Annualized (XIRR)  not available — under a year of history"))
        #expect(table.stdout.contains("Allocation by sector") && table.stdout.contains("Consumer Discretionary"))
        #expect(table.stdout.contains("Allocation by holding") && table.stdout.contains("█"))
        #expect(table.stdout.contains("The chart needs values recorded on at least two days (1 so far)"))
        harness.wallClock.advance(by: 86_400)
        _ = await harness.run(["portfolio", "--refresh"])
        harness.wallClock.advance(by: 86_400)
        let charted = await harness.run(["analytics", "--refresh"])
        #expect(charted.stdout.contains("Value history"))
        #expect(!charted.stdout.contains("The chart needs values"))
        let json = try #require(
            try harness.json(await harness.run(["analytics", "--format", "json"]).stdout) as? [String: Any])
        #expect(json["annualizedReturn"] is NSNull)
        #expect(json["annualizedReturnNote"] as? String == "not available — under a year of history")
        #expect((json["valueHistory"] as? [Any])?.count == 3)
        let sectors = try #require(json["bySector"] as? [[String: Any]])
        let weights = sectors.compactMap { Decimal(string: "\($0["weight"]!)") }.reduce(0, +)
        #expect(abs(NSDecimalNumber(decimal: weights - 1).doubleValue) < 1e-6)
        let svg = harness.home.appendingPathComponent("value.svg")
        try FileManager.default.createDirectory(at: harness.home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: harness.home) }
        _ = await harness.run(["analytics", "--svg", svg.path])
        #expect(try String(contentsOf: svg, encoding: .utf8).contains("<svg"))
        let csv = await harness.run(["analytics", "--format", "csv"])
        #expect(csv.stdout.hasPrefix("group,name,value,weight\r\n"))
    }

    @Test func xirrAfterAYear() async throws {
        let harness = try await Harness.make()
        try await harness.signUp("ann@example.com", cash: 1_000)
        harness.wallClock.advance(by: 400 * 86_400)
        let json = try #require(
            try harness.json(await harness.run(["analytics", "--format", "json"]).stdout) as? [String: Any])
        // Cash only: no gain, so the money-weighted return is zero.
        #expect(abs((json["annualizedReturn"] as? Double) ?? 1) < 1e-9)
    }
}

@Suite struct MarketProviderCommandTests {
    final class Switch: Sendable {
        let down = Mutex(false)
    }

    /// A harness priced by a provider that knows AAPL and TSLA and can be switched off.
    func harness(_ state: Switch) async throws -> Harness {
        var harness = try await Harness.make()
        harness.environment["FOLIO_QUOTES_TTL"] = "0s"
        harness.market = ScriptedProvider(quote: { symbol in
            if state.down.withLock({ $0 }) {
                throw MarketDataError.unavailable(symbol: symbol, provider: "Scripted", reason: "connection refused")
            }
            switch symbol {
            case "AAPL": return .sample("AAPL", price: Amount("190.00")!, previousClose: 180)
            case "TSLA": return .sample("TSLA", price: 250)
            default: throw MarketDataError.unknownSymbol(symbol: symbol, provider: "Scripted")
            }
        })
        return harness
    }

    @Test func pricesComeFromTheMarketAndGoStaleWhenItFails() async throws {
        let state = Switch()
        let harness = try await harness(state)
        try await harness.loginDemo()
        let quotes = await harness.run(["quotes"])
        #expect(
            quotes.stdout.contains("$190.00") && quotes.stdout.contains("+$10.00") && quotes.stdout.contains("+5.56%"))
        #expect(quotes.stdout.contains("Prices from Scripted"))
        state.down.withLock { $0 = true }
        harness.wallClock.advance(by: 125)
        let stale = await harness.run(["portfolio"])
        #expect(stale.exitCode == 0)
        #expect(stale.stderr.contains("warning: prices are the last known from Scripted, as of"))
        #expect(stale.stderr.contains("(2m 5s old) — ") && stale.stderr.contains("connection refused"))
        #expect(stale.stdout.contains("$190.00*"))
        #expect(stale.stdout.contains("STALE: last known prices"))
        let trade = await harness.run(["buy", "AAPL", "1"])
        #expect(trade.exitCode == 0)
        #expect(trade.stderr.contains("warning: trading AAPL at its last known price $190.00"))
        state.down.withLock { $0 = false }
        let before = try await harness.dump()
        let unknown = await harness.run(["buy", "NVDA", "1"])
        #expect(unknown.exitCode != 0 && unknown.stderr.contains("NVDA") && unknown.stderr.contains("Scripted"))
        #expect(try await harness.dump().count == before.count, "a refused trade stores nothing")
    }

    @Test func nothingStoredAndTheMarketDownIsUnavailable() async throws {
        let state = Switch()
        state.down.withLock { $0 = true }
        let harness = try await harness(state)
        let outcome = await harness.run(["quotes"])
        #expect(outcome.exitCode == 69)
        #expect(outcome.stderr.contains("error: no prices available from Scripted"))
    }

    @Test func offlineUsesStoredPricesOnly() async throws {
        let harness = try await harness(Switch())
        let offline = await harness.run(["quotes"], offline: true)
        #expect(offline.exitCode == 69 && offline.stderr.contains("--offline"))
        _ = await harness.run(["quotes"])
        let later = await harness.run(["quotes"], offline: true)
        #expect(later.exitCode == 0 && later.stdout.contains("$190.00"))
    }

    @Test func aBadSeedIsAUsageError() async throws {
        var harness = try await Harness.make()
        harness.environment["FOLIO_STOCKS_SEED"] = "minus one"
        #expect(await harness.run(["quotes"]).exitCode == 64)
    }
}
