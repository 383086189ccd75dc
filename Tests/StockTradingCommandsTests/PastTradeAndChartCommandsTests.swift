import FeatureKit
import Foundation
import MarketData
import MarketDataTesting
import Money
import StockTrading
import Testing
import Timing
import TimingTesting

@testable import StockTradingCommands

/// `buy|sell --date [--price]` and `chart` over a provider scripted with AAPL's closes around its 4:1 split of
/// 31 August 2020 (closes in today's shares, as Yahoo reports them) and its dividends.
@Suite struct PastTradeAndChartCommandsTests {
    static func day(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }

    static let provider = ScriptedProvider(
        id: "yahoo", displayName: "Yahoo Finance",
        quote: { symbol in
            guard symbol == "AAPL" else {
                throw MarketDataError.unknownSymbol(symbol: symbol, provider: "Yahoo Finance")
            }
            return PriceQuote(
                symbol: "AAPL", price: Amount("189.71")!, currency: "USD", previousClose: Amount("187.44")!,
                exchange: "NMS", exchangeTimeZone: "America/New_York", marketTime: Harness.start, name: "Apple Inc.")
        },
        history: { symbol, from, to in
            if symbol == "SPY" {
                let bars = [("2023-11-14", "448.73"), ("2023-11-15", "449.68")].map {
                    DailyBar(date: day($0.0), close: Amount($0.1)!, adjustedClose: nil)
                }
                return PriceHistory(symbol: "SPY", currency: "USD", exchangeTimeZone: "America/New_York", bars: bars)
                    .limited(from: from, to: to)
            }
            guard symbol == "AAPL" else {
                throw MarketDataError.unknownSymbol(symbol: symbol, provider: "Yahoo Finance")
            }
            let bars = [
                DailyBar(date: day("2019-11-14"), close: Amount("65.50")!, adjustedClose: nil),
                DailyBar(date: day("2019-11-15"), close: Amount("66.44")!, adjustedClose: nil),
                DailyBar(date: day("2020-09-01"), close: Amount("134.18")!, adjustedClose: nil),
                DailyBar(date: day("2023-10-16"), close: Amount("178.72")!, adjustedClose: nil),
                DailyBar(date: day("2023-11-13"), close: Amount("184.80")!, adjustedClose: nil),
            ]
            return PriceHistory(
                symbol: symbol, currency: "USD", exchangeTimeZone: "America/New_York", bars: bars,
                dividends: [Dividend(exDate: day("2023-11-10"), amountPerShare: Amount("0.24")!)],
                splits: [Split(date: day("2020-08-31"), numerator: 4, denominator: 1)]
            ).limited(from: from, to: to)
        })

    func harness() async throws -> Harness {
        var harness = try await Harness.make()
        harness.market = Self.provider
        try await harness.signUp("ann@example.com")
        return harness
    }

    @Test func aPastBuyPaysThatDaysCloseTimesTheSplitsSinceAndTheSplitIsAppliedWhenRead() async throws {
        let harness = try await harness()
        let bought = await harness.run(["buy", "AAPL", "10", "--date", "2019-11-16"])
        #expect(bought.exitCode == 0, "\(bought.stderr)")
        // Friday's close, 66.44 in today's shares, was 4 × 66.44 = 265.76 a share then.
        #expect(bought.stdout.contains("Bought 10 AAPL on 2019-11-16 at $265.76 for $2,657.60."))
        let portfolio = try #require(
            try harness.json(await harness.run(["portfolio", "--format", "json"]).stdout) as? [String: Any])
        let holding = try #require(
            (portfolio["holdings"] as? [[String: Any]])?.first { $0["symbol"] as? String == "AAPL" })
        #expect(holding["quantity"] as? Int == 40, "10 shares became 40 at the 4:1 split")
        let history = await harness.run(["history", "--format", "json"]).stdout
        #expect(history.contains("\"split\"") && history.contains("\"dividend\""))
    }

    @Test func aGivenPriceWinsAndRefusalsNameTheirOption() async throws {
        let harness = try await harness()
        let given = await harness.run(["buy", "AAPL", "2", "--date", "2023-10-16", "--price", "178.50"])
        #expect(given.exitCode == 0 && given.stdout.contains("Bought 2 AAPL on 2023-10-16 at $178.50 for $357.00."))
        let before = try await harness.dump()
        let priceAlone = await harness.run(["buy", "AAPL", "1", "--price", "100"])
        #expect(priceAlone.exitCode == 64 && priceAlone.stderr.contains("--price needs --date"))
        let future = await harness.run(["buy", "AAPL", "1", "--date", "2030-01-02"])
        #expect(future.exitCode != 0 && future.stderr.contains("after today"))
        let malformed = await harness.run(["sell", "AAPL", "1", "--date", "2023-13-01"])
        #expect(malformed.exitCode != 0 && malformed.stderr.contains("invalid date \"2023-13-01\""))
        let badPrice = await harness.run(["buy", "AAPL", "1", "--date", "2023-10-16", "--price", "-5"])
        #expect(badPrice.exitCode != 0 && badPrice.stderr.contains("invalid price"))
        let unknown = await harness.run(["buy", "ZZZZ", "1", "--date", "2023-10-16"])
        #expect(unknown.exitCode != 0 && unknown.stderr.contains("ZZZZ") && unknown.stderr.contains("Yahoo Finance"))
        #expect(try await harness.dump() == before, "no refused trade stored anything")
    }

    @Test func chartShowsTheQuoteTheClosesTheActionsAndThePosition() async throws {
        let harness = try await harness()
        _ = await harness.run(["buy", "AAPL", "3"])
        let table = await harness.run(["chart", "AAPL", "--range", "1m"])
        #expect(table.exitCode == 0, "\(table.stderr)")
        #expect(table.stdout.contains("AAPL — Apple Inc. (NMS, USD)"))
        #expect(table.stdout.contains("$189.71  +$2.27 (+1.21%) today"))
        #expect(table.stdout.contains("1m: $178.72 on 2023-10-16 → $184.80 on 2023-11-13 (+3.40%)"))
        #expect(table.stdout.contains("Dividends: 2023-11-10 $0.24"))
        #expect(table.stdout.contains("You hold 3 at $189.71 average cost"))
        let json = try #require(
            try harness.json(await harness.run(["chart", "AAPL", "--range", "5y", "--format", "json"]).stdout)
                as? [String: Any])
        #expect(json["range"] as? String == "5y")
        #expect((json["closes"] as? [[String: Any]])?.count == 5)
        #expect((json["splits"] as? [[String: Any]])?.count == 1)
        let csv = await harness.run(["chart", "AAPL", "--range", "1m", "--format", "csv"])
        #expect(csv.stdout == "date,close\r\n2023-10-16,178.72\r\n2023-11-13,184.8\r\n")
        let unknown = await harness.run(["chart", "ZZZZ"])
        #expect(unknown.exitCode != 0 && unknown.stderr.contains("ZZZZ"))
        let invalid = await harness.run(["chart", "AA PL"])
        #expect(invalid.exitCode != 0 && invalid.stderr.contains("invalid symbol"))
    }

    @Test func chartNeedsMarketData() async throws {
        let harness = try await Harness.make()
        let outcome = await harness.run(["chart", "AAPL"])
        #expect(outcome.exitCode == 64 && outcome.stderr.contains("no chart for AAPL"))
    }

    @Test func analyticsShowsTheTimeWeightedReturnBesideTheBenchmark() async throws {
        let harness = try await harness()
        _ = await harness.run(["buy", "AAPL", "3"])
        harness.wallClock.advance(by: 86_400)
        _ = await harness.run(["portfolio"])
        let json = try #require(
            try harness.json(await harness.run(["analytics", "--format", "json"]).stdout) as? [String: Any])
        let benchmark = try #require(json["benchmark"] as? [String: Any])
        #expect(benchmark["symbol"] as? String == "SPY")
        #expect(benchmark["from"] as? String == "2023-11-14" && benchmark["to"] as? String == "2023-11-15")
        // The price did not move and no cash came in: the account's return is zero; SPY's is 449.68 / 448.73 − 1.
        #expect("\(benchmark["accountReturn"] ?? "")" == "0")
        #expect("\(benchmark["benchmarkReturn"] ?? "")" == "0.00211709")
        let table = await harness.run(["analytics"])
        #expect(
            table.stdout.contains("Time-weighted")
                && table.stdout.contains("beside SPY +0.21%, 2023-11-14 to 2023-11-15"))
        let unknown = await harness.run(["analytics", "--benchmark", "ZZZZ"])
        #expect(unknown.exitCode == 0 && unknown.stdout.contains("beside ZZZZ —"))
    }
}
