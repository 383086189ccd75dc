import Failures
import FeatureKit
import FeatureKitTesting
import Foundation
import Money
import Testing

@testable import NetWorthCommands

/// After the base currency changes, the rates stored into the old base still value every account: through
/// their inverse, or through a cross rate when a currency is linked to the new base only via a third one.
///
/// Savings £1,000, Wise $500, Euro €200; stored: 1 USD = 0.8 GBP and 1 EUR = 0.85 GBP from 2024-01-01.
/// In USD: £1,000 ÷ 0.8 = $1,250.00; $500; €200 × 0.85 ÷ 0.8 = $212.50 → net worth $1,962.50.
@Suite struct BaseCurrencyTests {
    func switchedToUSD() async throws -> (Harness, CapturedTerminal) {
        let harness = Harness()
        for arguments in [
            ["accounts", "add", "--name", "Savings", "--type", "savings", "--balance", "1000", "--date", "2024-05-31"],
            [
                "accounts", "add", "--name", "Wise", "--type", "foreign-currency", "--currency", "USD", "--balance",
                "500", "--date", "2024-05-31",
            ],
            [
                "accounts", "add", "--name", "Euro", "--type", "savings", "--currency", "EUR", "--balance", "200",
                "--date", "2024-05-31",
            ],
            ["rate", "set", "USD", "0.8", "--date", "2024-01-01"],
            ["rate", "set", "EUR", "0.85", "--date", "2024-01-01"],
        ] {
            try await harness.run(arguments)
        }
        let settings = try await harness.run(["settings", "--base-currency", "USD"])
        return (harness, settings)
    }

    @Test func theSummaryUsesTheInverseAndACrossRateAndSaysSo() async throws {
        let (harness, settings) = try await switchedToUSD()
        // Every account can be valued, so there is nothing to warn about.
        #expect(!settings.errors.contains("warning"))
        let text = try await harness.output(["summary"])
        #expect(text.hasPrefix("Net worth        $1,962.50   as of 2024-06-30, USD\n"))
        #expect(
            text.contains(
                "Rate used: EUR→USD 1.0625: a cross rate through GBP: the EUR→GBP rate of 2024-01-01 (0.85) and the inverse of the USD→GBP rate of 2024-01-01 (0.8)"
            ))
        #expect(text.contains("Rate used: GBP→USD 1.25: the inverse of the USD→GBP rate of 2024-01-01 (0.8)"))
        let json = try #require(try await harness.json(["summary"]) as? [String: Any])
        #expect((json["netWorth"] as? NSNumber)?.stringValue == "1962.5")
        let conversions = try #require(json["conversions"] as? [[String: Any]])
        #expect(conversions.map { $0["currency"] as? String } == ["EUR", "GBP"])
        #expect(conversions.map { $0["method"] as? String } == ["cross", "inverse"])
        #expect(conversions[0]["via"] as? String == "GBP")
        let accounts = try #require(json["accounts"] as? [[String: Any]])
        #expect(accounts.map { ($0["value"] as? NSNumber)?.stringValue } == ["1250", "500", "212.5"])
    }

    @Test func aDirectRateIntoTheNewBaseWinsOverTheInverse() async throws {
        let (harness, _) = try await switchedToUSD()
        // 1 GBP = 1.3 USD stored into USD now: £1,000 → $1,300, and the cross rate goes through it too.
        try await harness.run(["rate", "set", "GBP", "1.3", "--date", "2024-02-01"])
        let text = try await harness.output(["summary"])
        #expect(!text.contains("Rate used: GBP→USD"))
        // €200 × 0.85 × 1.3 = $221.00
        #expect(
            text.contains(
                "Rate used: EUR→USD 1.105: a cross rate through GBP: the EUR→GBP rate of 2024-01-01 (0.85) and the GBP→USD rate of 2024-02-01 (1.3)"
            ))
        let json = try #require(try await harness.json(["summary"]) as? [String: Any])
        #expect((json["netWorth"] as? NSNumber)?.stringValue == "2021")
    }

    @Test func withoutAnyLinkTheCurrencyIsStillMissing() async throws {
        let harness = try await seeded()
        try await harness.run(["settings", "--base-currency", "JPY"])
        #expect(try await harness.run(["summary"]).errors.contains("missing GBP exchange rate"))
    }
}
