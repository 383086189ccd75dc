import Failures
import FeatureKit
import FeatureKitTesting
import Foundation
import Money
import Testing

@testable import NetWorthCommands

@Suite struct UpdateCommandTests {
    @Test func updateReportsTheChangeFromTheUpdateBefore() async throws {
        let harness = try await seeded()
        let output = try await harness.output(["update", "Savings", "1,400", "--date", "2024-06-30"])
        #expect(
            output == """
                Replaced the 2024-06-30 balance of "Savings" (£1,350.50) with £1,400.00.
                Change since 2024-05-31: +£200.00 (+16.67%) up

                """)
        let debt = try await harness.output(["update", "card", "250", "--date", "2024-06-29"])
        // 300 → 250: -50, -16.67%, good news for a debt
        #expect(debt.contains("Change since 2024-06-10: -£50.00 (-16.67%) paid down"))
        let coloured = try await harness.output(["update", "card", "260"], color: true)
        #expect(coloured.contains("\u{1B}[31m▲ +£10.00 (+4.00%)\u{1B}[0m"))  // a debt going up is red
    }

    @Test func negativeAmountsAreAmountsNotOptions() async throws {
        let harness = try await seeded()
        try await harness.run([
            "accounts", "add", "--name", "Current", "--type", "current", "--balance", "100", "--date", "2024-06-01",
        ])
        let output = try await harness.output(["update", "current", "-250", "--date", "2024-06-02"])
        #expect(output.contains("Recorded -£250.00 for \"Current\" on 2024-06-02."))
        #expect(output.contains("Change since 2024-06-01: -£350.00 (-350.00%) down"))
    }

    @Test func backdatedUpdatesSayTheLatestIsUnchanged() async throws {
        let harness = try await seeded()
        let output = try await harness.output(["update", "Savings", "1300", "--date", "2024-06-15"])
        #expect(output.contains("The latest balance is still the one of 2024-06-30."))
    }

    @Test(arguments: [
        (["update", "Savings", "12abc"], FolioError.Kind.refused, "amount \"12abc\" is not an amount"),
        (["update", "Savings", "ten"], .refused, "amount \"ten\" is not an amount"),
        (["update", "Savings"], .usage, "missing the amount"),
        (["update", "Savings", "1", "2"], .usage, "unexpected arguments: 2"),
        (["update", "Savings", "1", "--dat", "2024-01-01"], .usage, "unknown option --dat"),
        (["update", "Savings", "1", "--date", "2024-13-01"], .usage, "--date \"2024-13-01\" is not a date"),
        (["update", "Savings", "1", "--date", "yesterday"], .usage, "--date \"yesterday\" is not a date"),
        (["update", "Savings", "1", "--date", "2024-07-01"], .refused, "cannot record a balance dated 2024-07-01"),
        (["update", "Nope", "1"], .refused, "no account named \"Nope\""),
        (["update", "Mortgage", "-5"], .refused, "cannot record -5 for \"Mortgage\""),
        (["update", "Savings", "--remove"], .usage, "--remove needs --date"),
        (["update", "Savings", "5", "--remove", "--date", "2024-06-30"], .usage, "--remove takes no amount"),
        (
            ["update", "Savings", "--remove", "--date", "2024-01-01"], .refused,
            "\"Savings\" has no update on 2024-01-01"
        ),
        (["history", "Nope"], .refused, "no account named \"Nope\""),
        (
            ["history", "Savings", "--from", "2024-07-01", "--to", "2024-06-01"], .usage,
            "--from 2024-07-01 is after --to 2024-06-01"
        ),
        // The report's range is checked by its service, as the web's report form is: one refusal for both.
        (["report", "--from", "2024-07", "--to", "2024-06"], .usage, "the report range is empty"),
    ])
    func badUpdatesAreRefusedAndChangeNothing(arguments: [String], kind: FolioError.Kind, what: String) async throws {
        let harness = try await seeded()
        let before = try await harness.snapshot()
        let error = await harness.failure(arguments)
        #expect(error?.kind == kind)
        #expect(error?.what == what)
        #expect(try await harness.snapshot() == before)
    }

    @Test func removeDeletesOneUpdate() async throws {
        let harness = try await seeded()
        let output = try await harness.output(["update", "savings", "--remove", "--date", "2024-06-30"])
        #expect(output == "Removed the 2024-06-30 balance of \"Savings\" (£1,350.50).\n")
        #expect(try await harness.output(["accounts", "list"]).contains("£1,200.00"))
    }

    @Test func historyListsEachUpdateWithItsChange() async throws {
        let harness = try await seeded()
        try await harness.run(["update", "Mortgage", "149700", "--date", "2024-06-25"])
        let output = try await harness.output(["history", "mortgage"])
        #expect(
            output == """
                Mortgage (mortgage, GBP)
                DATE            BALANCE  CHANGE                       NOTE
                ──────────────────────────────────────────────────────────────
                2024-05-31  £150,000.00  —
                2024-06-20  £149,200.00  -£800.00 (-0.53%) paid down  overpaid
                2024-06-25  £149,700.00  +£500.00 (+0.34%) more owed

                """)
        let csv = try await harness.output(["history", "Mortgage", "--format", "csv", "--from", "2024-06-01"])
        #expect(
            csv
                == "date,balance,change,changePercent,trend,note\r\n2024-06-20,149200,-800,-0.005333,positive,overpaid\r\n2024-06-25,149700,500,0.003351,negative,\r\n"
        )
        let json = try #require(
            try await harness.json(["history", "Mortgage", "--to", "2024-05-31"]) as? [[String: Any]])
        #expect(json.count == 1)
        #expect(json[0]["change"] is NSNull)
    }

    @Test func zeroPreviousBalanceHasNoPercentage() async throws {
        let harness = Harness()
        try await harness.run([
            "accounts", "add", "--name", "New ISA", "--type", "isa", "--balance", "0", "--date", "2024-06-01",
        ])
        let output = try await harness.output(["update", "new isa", "500"])
        #expect(output.contains("Change since 2024-06-01: +£500.00 (% n/a) up"))
        try await harness.run(["update", "new isa", "500", "--date", "2024-06-02"])
        #expect(try await harness.output(["history", "New ISA"]).contains("2024-06-30  £500.00  no change"))
    }
}
