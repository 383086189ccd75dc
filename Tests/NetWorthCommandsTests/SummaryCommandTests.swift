import Failures
import FeatureKit
import FeatureKitTesting
import Foundation
import Money
import Testing

@testable import NetWorthCommands

/// The seeded portfolio on 2024-06-30, by hand:
/// assets: Savings 1350.50 + Pension 20000 = 21350.50; debts: Mortgage 149200 + Card 300 = 149500;
/// net worth 21350.50 − 149500 = −128149.50.
/// Update dates: 05-31, 06-10, 06-15, 06-20, 06-30 → change since last update compares 06-30 with 06-20:
/// 06-20: Savings 1200 + Pension 20000 = 21200 assets, 149500 debts → −128300; change +150.50.
@Suite struct SummaryCommandTests {
    func decimal(_ value: Any?) -> Decimal? { (value as? NSNumber).flatMap { Decimal(string: $0.stringValue) } }

    @Test func jsonCarriesTheHandComputedTotals() async throws {
        let harness = try await seeded()
        let summary = try #require(try await harness.json(["summary"]) as? [String: Any])
        #expect(summary["asOf"] as? String == "2024-06-30")
        #expect(summary["currency"] as? String == "GBP")
        #expect(decimal(summary["assets"]) == Decimal(string: "21350.5"))
        #expect(decimal(summary["debts"]) == 149_500)
        #expect(decimal(summary["netWorth"]) == Decimal(string: "-128149.5"))
        let change = try #require(summary["changeSinceLastUpdate"] as? [String: Any])
        #expect(change["latestDate"] as? String == "2024-06-30")
        #expect(change["previousDate"] as? String == "2024-06-20")
        let netWorth = try #require(change["netWorth"] as? [String: Any])
        #expect(decimal(netWorth["previous"]) == -128_300)
        #expect(decimal(netWorth["change"]) == Decimal(string: "150.5"))
        #expect(decimal(netWorth["changePercent"]) == Decimal(string: "0.001173"))  // 150.5 / 128300
        #expect(netWorth["trend"] as? String == "positive")
        let debts = try #require(change["debts"] as? [String: Any])
        #expect(decimal(debts["change"]) == 0)
        #expect(debts["trend"] as? String == "none")
        let accounts = try #require(summary["accounts"] as? [[String: Any]])
        #expect(accounts.map { $0["name"] as? String } == ["Savings", "Pension", "Mortgage", "Card"])
        #expect(decimal(accounts[2]["value"]) == 149_200)
    }

    @Test func togglesComeFromSettingsAndCanBeOverridden() async throws {
        let harness = try await seeded()
        func netWorth(_ flags: [String]) async throws -> Decimal? {
            decimal((try await harness.json(["summary"] + flags) as? [String: Any])?["netWorth"])
        }
        // without the pension: 1350.50 − 149500 = −148149.50
        #expect(try await netWorth(["--exclude-pension"]) == Decimal(string: "-148149.5"))
        // without the mortgage: 21350.50 − 300 = 21050.50
        #expect(try await netWorth(["--exclude-mortgage"]) == Decimal(string: "21050.5"))
        // without both: 1350.50 − 300 = 1050.50
        #expect(try await netWorth(["--exclude-pension", "--exclude-mortgage"]) == Decimal(string: "1050.5"))
        // Saved settings apply by default, and a flag overrides them for one command.
        let saved = try await harness.output(["settings", "--exclude-pension", "--exclude-mortgage"])
        #expect(saved == "Saved.\nPensions   excluded\nMortgages  excluded\nCurrency   GBP\n")
        #expect(try await netWorth([]) == Decimal(string: "1050.5"))
        #expect(try await netWorth(["--include-pension"]) == Decimal(string: "21050.5"))
        #expect(try await netWorth(["--include-mortgage"]) == Decimal(string: "-148149.5"))
        #expect(try await harness.output(["settings"]) == "Pensions   excluded\nMortgages  excluded\nCurrency   GBP\n")
        // An excluded account's own flag applies on top: 1050.50 − 1350.50 = −300
        try await harness.run(["accounts", "exclude", "savings"])
        #expect(try await netWorth([]) == -300)
        let usage = await harness.failure(["summary", "--include-pension", "--exclude-pension"])
        #expect(usage != nil)
    }

    @Test func tableWithoutColourUsesWords() async throws {
        let harness = try await seeded()
        try await harness.run(["settings", "--exclude-pension"])
        let output = try await harness.output(["summary"])
        #expect(
            output.hasPrefix(
                "Net worth     -£148,149.50   as of 2024-06-30, GBP\nAssets           £1,350.50\nDebts          £149,500.00\n"
            ))
        #expect(output.contains("Change since last update (2024-06-20 → 2024-06-30):"))
        #expect(output.contains("  Net worth  +£150.50 (+0.10%) up"))
        #expect(output.contains("  Debts      no change"))
        #expect(output.contains("Counting: pensions excluded · mortgages included"))
        #expect(output.contains("Pension (pensions excluded)"))
        #expect(output.contains("not counted"))
        #expect(output.contains("-£149,200.00  -£800.00 (-0.53%) paid down"))
        #expect(!output.contains("\u{1B}["))
    }

    @Test func colourShowsGreenAndRedArrows() async throws {
        let harness = try await seeded()
        let output = try await harness.output(["summary"], color: true)
        #expect(output.contains("\u{1B}[32m▲ +£150.50 (+12.54%)"))  // savings up: green
        #expect(output.contains("\u{1B}[32m▼ -£800.00 (-0.53%)"))  // mortgage down: green too
        #expect(!output.contains("paid down"))
    }

    @Test func asOfAnEarlierDate() async throws {
        let harness = try await seeded()
        // 2024-06-12: Savings 1200, Mortgage 150000, Card 300 → 1200 − 150300 = −149100
        // change: 06-10 vs 05-31 → the card's 300 more owed
        let summary = try #require(try await harness.json(["summary", "--as-of", "2024-06-12"]) as? [String: Any])
        #expect(decimal(summary["netWorth"]) == -149_100)
        let change = try #require(summary["changeSinceLastUpdate"] as? [String: Any])
        #expect(decimal((change["netWorth"] as? [String: Any])?["change"]) == -300)
        let error = await harness.failure(["summary", "--as-of", "June"])
        #expect(error?.kind == .usage)
    }

    @Test func csvHasOneRowPerAccount() async throws {
        let harness = try await seeded()
        let csv = try await harness.output(["summary", "--format", "csv", "--exclude-mortgage"])
        let lines = csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(
            lines[0]
                == "name,type,debt,currency,counted,excludedBecause,unvaluedBecause,balance,value,lastUpdate,previousBalance,change,changePercent,trend,"
                + "source,sourceStatus,sourceAsOf,sourceProblem"
        )
        #expect(
            lines[3]
                == "Mortgage,mortgage,true,GBP,false,mortgages excluded,,149200,,2024-06-20,150000,-800,-0.005333,positive,,,,"
        )
    }

    @Test func emptyPortfolio() async throws {
        let output = try await Harness().output(["summary"])
        #expect(output.contains("No accounts yet"))
        let json = try #require(try await Harness().json(["summary"]) as? [String: Any])
        #expect(json["changeSinceLastUpdate"] is NSNull)
        #expect(decimal(json["netWorth"]) == 0)
    }

    @Test func sampleThenSummary() async throws {
        let harness = Harness()
        let loaded = try await harness.output(["sample"])
        #expect(loaded.hasPrefix("Loaded 10 sample accounts with "))
        let summary = try #require(try await harness.json(["summary"]) as? [String: Any])
        #expect((summary["accounts"] as? [Any])?.count == 10)
        #expect(summary["changeSinceLastUpdate"] as? [String: Any] != nil)
        let again = await harness.failure(["sample"])
        #expect(again?.kind == .refused)
        #expect(again?.what == "not loading the sample data")
        #expect(try await harness.output(["sample", "--force"]).hasPrefix("Loaded 10"))
        #expect(try await harness.output(["summary"]).contains("US Dollar Account"))
        // On the harness's pinned clock the sample ends on 2024-06-30: a header, 85 months, a final line break.
        let report = try await harness.output(["report", "--monthly", "--format", "csv"])
        #expect(report.components(separatedBy: "\r\n").count == 87)
    }
}
