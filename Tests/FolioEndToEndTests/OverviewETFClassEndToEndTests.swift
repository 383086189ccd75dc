import FeatureKitTesting
import Foundation
import Testing

/// An ETF that says what it holds counts as that class in the overview's allocation (issue 38): a saved bond ETF is
/// debt, an ETF that says nothing is equity.
@Suite struct OverviewETFClassEndToEndTests {
    /// The overview's allocation by class, in whole pence.
    static func byClass(_ home: URL) async throws -> [String: Int] {
        let run = try await FolioBinary.run(["--offline", "overview", "--format", "json"], home: home)
        #expect(run.exitCode == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let slices = try #require((report["allocation"] as? [String: Any])?["byClass"] as? [[String: Any]])
        var values: [String: Int] = [:]
        for slice in slices { values[slice["key"] as? String ?? ""] = OverviewEndToEndTests.decimal(slice["value"]) }
        return values
    }

    @Test("a saved portfolio's bond ETF counts as debt and its other ETF as equity in folio overview")
    func bondETFIsDebt() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let file = home.appendingPathComponent("mix.csv")
            try """
            name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price,asset_class
            AGG,0.03,3.5,10,100,2024-01-02,98,bonds
            VTI,0.03,1.3,2,200,2024-01-02,250,
            GLD,0.4,0,1,180,2024-01-02,190,commodity

            """.write(to: file, atomically: true, encoding: .utf8)
            // The demo paper account's stocks are equity too, and their simulated prices step whenever a run finds
            // its quotes older than their cache allows, which a slow machine makes any two runs: without it, the
            // ETFs' part is all that saving them can change.
            try Data(#"{"disabledFeatures": ["stocks"]}"#.utf8).write(to: home.appendingPathComponent("config.json"))
            let before = try await Self.byClass(home)
            let save = try await FolioBinary.run(["etf", "save", "mix", file.path], home: home)
            #expect(save.exitCode == 0, "\(save.stderr)")
            let after = try await Self.byClass(home)
            #expect((after["debt"] ?? 0) - (before["debt"] ?? 0) == 980_00, "\(after)")
            #expect((after["equity"] ?? 0) - (before["equity"] ?? 0) == 500_00, "\(after)")
            #expect((after["other"] ?? 0) - (before["other"] ?? 0) == 190_00, "\(after)")

            let refused = try await FolioBinary.run(
                ["etf", "analyze", "-"], home: home,
                input: "name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price,asset_class\n"
                    + "AGG,0.03,3.5,10,100,2024-01-02,98,gold bars\n")
            #expect(refused.exitCode != 0)
            #expect(refused.stderr.contains("row 1") && refused.stderr.contains("\"gold bars\" is not an asset class"))
        }
    }
}
