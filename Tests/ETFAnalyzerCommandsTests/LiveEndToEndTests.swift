import FeatureKitTesting
import Foundation
import NetworkingTesting
import Testing

/// `folio etf analyze --live` on the built binary, priced by Yahoo's recorded AAPL chart (monthly closes and 20
/// dividends, `Tests/Fixtures/yahoo/scheb_AAPL_1mo-5y-dividends.json`) served over loopback.
@Suite("folio etf analyze --live end to end")
struct LiveEndToEndTests {
    static let csv = """
        name,symbol,expense_ratio,yield,shares,purchase_date,purchase_price,current_price,analysis_date
        Apple,AAPL,0.1,0.5,10,2020-01-02,,,2024-10-01
        Typed,AAPL,0.1,0.5,10,2020-01-02,70,,2024-10-01

        """

    /// Yahoo's stand-in: AAPL's recorded chart, any other symbol Yahoo's not-found answer.
    static func yahoo() async throws -> LoopbackServer {
        try await LoopbackServer.start { request in
            request.path.hasSuffix("/AAPL")
                ? try .fixture("yahoo/scheb_AAPL_1mo-5y-dividends.json")
                : try .fixture("yahoo/fbriden_UNKNOWN_error-not-found.json", status: 404)
        }
    }

    @Test(
        "empty prices are the closes on the purchase and analysis dates; dividends paid beside the yield's; typed prices win"
    )
    func live() async throws {
        let server = try await Self.yahoo()
        defer { Task { await server.stop() } }
        try await FolioBinary.withTemporaryHome { home in
            let file = home.appendingPathComponent("live.csv")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            try Self.csv.write(to: file, atomically: true, encoding: .utf8)
            let environment = ["FOLIO_MARKET": "yahoo", "FOLIO_YAHOO_URL": server.baseURL.absoluteString]
            let json = try await FolioBinary.run(
                ["etf", "analyze", file.path, "--live", "--format", "json"], home: home, environment: environment)
            #expect(json.exitCode == 0 && json.stderr.isEmpty, "\(json.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let market = try #require(object["market"] as? [[String: Any]])
            #expect(market.count == 2)
            // Hand-computed from the recording: the 2020-01-01 bar's close 77.3775 at its price hint (2 places),
            // the 2024-10-01 bar's 227.5500030517578 → 227.55, and the 16 dividends with an ex-date after
            // 2020-01-02 up to 2024-10-01: Σ 4.2725 a share, × 10 shares = 42.725 → 42.72 (half-even).
            #expect(
                "\(market[0]["purchasePrice"] ?? "")" == "77.38"
                    && market[0]["purchasePriceDate"] as? String == "2020-01-01")
            #expect(
                "\(market[0]["currentPrice"] ?? "")" == "227.55"
                    && market[0]["currentPriceDate"] as? String == "2024-10-01")
            #expect(
                "\(market[0]["dividendsPerShare"] ?? "")" == "4.2725"
                    && "\(market[0]["dividendIncome"] ?? "")" == "42.72")
            #expect(market[1]["purchasePrice"] == nil, "a typed price is not replaced")
            let etfs = try #require(object["etfs"] as? [[String: Any]])
            #expect(
                "\(etfs[0]["initialInvestment"] ?? "")" == "773.8" && "\(etfs[1]["initialInvestment"] ?? "")" == "700")
            let table = try await FolioBinary.run(
                ["etf", "analyze", file.path, "--live"], home: home, environment: environment)
            #expect(
                table.stdout.contains(
                    "Apple [AAPL]: bought at $77.38 (close of 2020-01-01); now $227.55 (close of 2024-10-01)"))
            #expect(table.stdout.contains("dividends paid $42.72"))
            let plain = try await FolioBinary.run(["etf", "analyze", file.path], home: home, environment: environment)
            #expect(
                plain.exitCode == 65 && plain.stderr.contains("purchase"), "without --live an empty price is a problem")

            try "name,symbol,expense_ratio,yield,shares,purchase_date\nNope,ZZZZ,0.1,0.5,1,2020-01-02\n"
                .write(to: file, atomically: true, encoding: .utf8)
            let unknown = try await FolioBinary.run(
                ["etf", "analyze", file.path, "--live"], home: home, environment: environment)
            #expect(
                unknown.exitCode != 0 && unknown.stderr.contains("ZZZZ") && unknown.stderr.contains("Yahoo Finance"))
        }
    }

    /// The same rows in JSON: an object with a `symbol` and no `purchasePrice`, another with a typed one.
    static let json = """
        [
          {"name": "Apple", "symbol": "AAPL", "expenseRatio": 0.1, "yield": 0.5, "shares": 10,
           "purchaseDate": "2020-01-02", "currentPrice": null, "analysisDate": "2024-10-01"},
          {"name": "Typed", "symbol": "aapl", "expenseRatio": 0.1, "yield": 0.5, "shares": 10,
           "purchaseDate": "2020-01-02", "purchasePrice": 70, "currentPrice": "", "analysisDate": "2024-10-01"}
        ]

        """

    @Test(
        "a JSON file and a saved portfolio are priced as a CSV file is; a saved price is refreshed, a typed purchase kept"
    )
    func jsonAndSaved() async throws {
        let server = try await Self.yahoo()
        defer { Task { await server.stop() } }
        try await FolioBinary.withTemporaryHome { home in
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let environment = ["FOLIO_MARKET": "yahoo", "FOLIO_YAHOO_URL": server.baseURL.absoluteString]
            let file = home.appendingPathComponent("live.json")
            try Self.json.write(to: file, atomically: true, encoding: .utf8)
            let json = try await FolioBinary.run(
                ["etf", "analyze", file.path, "--live", "--format", "json"], home: home, environment: environment)
            #expect(json.exitCode == 0 && json.stderr.isEmpty, "\(json.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let market = try #require(object["market"] as? [[String: Any]])
            // The closes of the CSV test: 77.38 on 2020-01-01, 227.55 on 2024-10-01.
            #expect(market.count == 2 && "\(market[0]["purchasePrice"] ?? "")" == "77.38")
            #expect("\(market[1]["currentPrice"] ?? "")" == "227.55" && market[1]["purchasePrice"] == nil)
            let etfs = try #require(object["etfs"] as? [[String: Any]])
            #expect(
                "\(etfs[0]["initialInvestment"] ?? "")" == "773.8" && "\(etfs[1]["initialInvestment"] ?? "")" == "700")

            // Saved with typed prices (current 100): --live values it at the close on its analysis date.
            let csv = home.appendingPathComponent("saved.csv")
            try "name,symbol,expense_ratio,yield,shares,purchase_date,purchase_price,current_price,analysis_date\n"
                .appending(
                    "Apple,AAPL,0.1,0.5,10,2020-01-02,70,100,2024-10-01\nCash,,0,0,1,2020-01-02,5,5,2024-10-01\n"
                )
                .write(to: csv, atomically: true, encoding: .utf8)
            let saved = try await FolioBinary.run(
                ["etf", "save", "core", csv.path], home: home, environment: environment)
            #expect(saved.exitCode == 0, "\(saved.stderr)")
            let plain = try await FolioBinary.run(
                ["etf", "analyze", "--saved", "core", "--format", "json"], home: home, environment: environment)
            let plainObject = try #require(
                try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any])
            let plainETFs = try #require(plainObject["etfs"] as? [[String: Any]])
            #expect("\(plainETFs[0]["currentValue"] ?? "")" == "1000")
            let live = try await FolioBinary.run(
                ["etf", "analyze", "--saved", "core", "--live", "--format", "json"], home: home,
                environment: environment)
            #expect(live.exitCode == 0, "\(live.stderr)")
            let liveObject = try #require(
                try JSONSerialization.jsonObject(with: Data(live.stdout.utf8)) as? [String: Any])
            let liveMarket = try #require(liveObject["market"] as? [[String: Any]])
            #expect(liveMarket.count == 1 && "\(liveMarket[0]["currentPrice"] ?? "")" == "227.55")
            #expect(liveMarket[0]["purchasePrice"] == nil, "the saved purchase price is kept")
            let liveETFs = try #require(liveObject["etfs"] as? [[String: Any]])
            // 10 × 227.55; the row without a symbol is as saved.
            #expect(
                "\(liveETFs[0]["currentValue"] ?? "")" == "2275.5" && "\(liveETFs[1]["currentValue"] ?? "")" == "5")
        }
    }
}
