import FeatureKitTesting
import Foundation
import NetworkingTesting
import Synchronization
import Testing

/// Issue 37, run as a user would: an account in pounds buying a dollar stock pays at the provider's rate, and the
/// trade keeps that rate. The quote of `USDGBP=X` is built here in the shape of Yahoo's chart `meta` (the shared
/// fixtures have no recording of a currency pair); AAPL is the recorded chart (price 289.07).
@Suite(.serialized) struct MarketCurrencyEndToEndTests {
    static let usdgbp = """
        {"chart":{"result":[{"meta":{"currency":"GBP","symbol":"USDGBP=X","exchangeName":"CCY",\
        "instrumentType":"CURRENCY","regularMarketPrice":0.7867000222206116,"regularMarketTime":1728936000,\
        "chartPreviousClose":0.7658,"priceHint":4,"exchangeTimezoneName":"Europe/London"},\
        "timestamp":[1728860400],"indicators":{"quote":[{"close":[0.7867000222206116]}]}}],"error":null}}
        """

    func json(_ result: FolioBinary.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    func signUp(_ home: URL, environment: [String: String]) async throws {
        let signup = try await FolioBinary.run(
            ["stocks", "signup", "--email", "gbp@example.co.uk", "--currency", "GBP", "--password-stdin"], home: home,
            environment: environment, input: "pounds-and-pence\n")
        #expect(signup.exitCode == 0, "\(signup.stderr)")
        #expect(signup.stdout == "Signed up gbp@example.co.uk with £10,000.00 of paper cash; you are logged in.\n")
    }

    @Test func aPoundAccountBuyingAAPLOnYahooRecordsTheRate() async throws {
        let pairKnown = Mutex(true)
        let server = try await LoopbackServer.start { request in
            switch request.path {
            case "/v8/finance/chart/AAPL": return try .fixture("yahoo/fbriden_AAPL_range5d.json")
            case "/v8/finance/chart/USDGBP=X" where pairKnown.withLock({ $0 }): return .json(Self.usdgbp)
            default: return try .fixture("yahoo/fbriden_UNKNOWN_error-not-found.json", status: 404)
            }
        }
        defer { Task { await server.stop() } }
        let environment = ["FOLIO_MARKET": "yahoo", "FOLIO_YAHOO_URL": server.baseURL.absoluteString]
        try await FolioBinary.withTemporaryHome { home in
            try await signUp(home, environment: environment)
            let buy = try await FolioBinary.run(
                ["stocks", "buy", "AAPL", "2", "--format", "json"], home: home, environment: environment)
            #expect(buy.exitCode == 0, "\(buy.stderr)")
            let trade = try json(buy)
            // Hand-computed: 2 × $289.07 = $578.14, × 0.7867 (rounded to the pair's 4 places) = £454.822738 → £454.82.
            #expect(trade["price"] as? Double == 289.07 && trade["priceCurrency"] as? String == "USD")
            #expect(trade["amount"] as? Double == 454.82 && trade["currency"] as? String == "GBP")
            let fx = try #require(trade["fx"] as? [String: Any])
            #expect(fx["rate"] as? Double == 0.7867 && fx["source"] as? String == "Yahoo Finance")
            #expect(fx["from"] as? String == "USD" && fx["to"] as? String == "GBP")
            #expect(fx["asOf"] as? String == "2024-10-14T20:00:00Z")
            let history = try await FolioBinary.run(
                ["stocks", "history", "--format", "json"], home: home, environment: environment)
            let rows = try #require(
                try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
            #expect((rows.last?["fx"] as? [String: Any])?["rate"] as? Double == 0.7867)
            var wide = environment
            wide["COLUMNS"] = "200"
            let table = try await FolioBinary.run(["stocks", "history"], home: home, environment: wide)
            #expect(table.stdout.contains("USD→GBP 0.7867 (Yahoo Finance)"), "\(table.stdout)")
            #expect(table.stdout.contains("$289.07") && table.stdout.contains("£454.82"))
            let portfolio = try await FolioBinary.run(["stocks", "portfolio"], home: home, environment: environment)
            #expect(
                portfolio.stdout.contains("in GBP") && portfolio.stdout.contains("£9,545.18"), "\(portfolio.stdout)")
        }
        pairKnown.withLock { $0 = false }
        try await FolioBinary.withTemporaryHome { home in
            try await signUp(home, environment: environment)
            let before = try await FolioBinary.run(
                ["stocks", "history", "--format", "json"], home: home, environment: environment)
            let refused = try await FolioBinary.run(
                ["stocks", "buy", "AAPL", "2"], home: home, environment: environment)
            #expect(refused.exitCode == 1 && refused.stdout.isEmpty)
            #expect(
                refused.stderr.hasPrefix(
                    "error: cannot convert USD to GBP — no USDGBP=X exchange rate from Yahoo Finance"),
                "\(refused.stderr)")
            let after = try await FolioBinary.run(
                ["stocks", "history", "--format", "json"], home: home, environment: environment)
            #expect(after.stdout == before.stdout, "nothing is stored by a refused trade")
        }
    }

    @Test func onTheSimulatedMarketTheFixedTableConverts() async throws {
        try await FolioBinary.withTemporaryHome { home in
            try await signUp(home, environment: [:])
            let buy = try await FolioBinary.run(["stocks", "buy", "AAPL", "1", "--format", "json"], home: home)
            #expect(buy.exitCode == 0, "\(buy.stderr)")
            let fx = try #require(try json(buy)["fx"] as? [String: Any])
            #expect(fx["rate"] as? Double == 0.787402 && fx["source"] as? String == "the simulated market")
            let text = try await FolioBinary.run(["stocks", "buy", "AAPL", "1"], home: home)
            #expect(text.stdout.contains("(at USD→GBP 0.787402 (the simulated market))"), "\(text.stdout)")
        }
    }

    /// The account's pounds carry through: analytics speak its currency, and so does the value net worth follows.
    @Test func aPoundAccountsAnalyticsAndValueSourceAreInPounds() async throws {
        try await FolioBinary.withTemporaryHome { home in
            try await signUp(home, environment: [:])
            let analytics = try await FolioBinary.run(["stocks", "analytics", "--format", "json"], home: home)
            #expect(analytics.exitCode == 0, "\(analytics.stderr)")
            #expect(try json(analytics)["currency"] as? String == "GBP")
            let text = try await FolioBinary.run(["stocks", "analytics"], home: home)
            #expect(text.stdout.contains("£10,000.00") && !text.stdout.contains("$"), "\(text.stdout)")
            let linked = try await FolioBinary.run(
                [
                    "networth", "accounts", "add", "--name", "Paper", "--type", "investment",
                    "--linked-to", "stocks:portfolio/gbp@example.co.uk", "--currency", "GBP",
                ], home: home)
            #expect(linked.exitCode == 0, "a pound account follows a pound source: \(linked.stderr)")
        }
    }
}
