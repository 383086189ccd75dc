import Failures
import FeatureKit
import FeatureKitTesting
import Foundation
import Money
import Testing

@testable import NetWorthCommands

@Suite struct AccountsCommandTests {
    @Test func addReportsWhatItStored() async throws {
        let harness = Harness()
        let output = try await harness.output([
            "accounts", "add", "--name", "Monzo Savings", "--type", "Savings", "--balance", "1200", "--date",
            "2024-05-31",
        ])
        #expect(output == "Added \"Monzo Savings\" (savings, GBP) with a balance of £1,200.00 on 2024-05-31.\n")
        let plain = try await harness.output(["accounts", "add", "--name", "Cash", "--type", "cash", "--exclude"])
        #expect(plain == "Added \"Cash\" (cash, GBP); it is excluded from net worth.\n")
    }

    @Test func addWarnsWhenAForeignAccountHasNoRate() async throws {
        let harness = Harness()
        let terminal = try await harness.run([
            "accounts", "add", "--name", "Wise", "--type", "foreign-currency", "--currency", "usd", "--balance", "500",
        ])
        #expect(terminal.output.contains("(foreign-currency, USD) with a balance of $500.00 on 2024-06-30"))
        #expect(terminal.errors.contains("warning: there is no USD→GBP rate in force on 2024-06-30"))
    }

    @Test(arguments: [
        (["--name", "X", "--type", "bond"], FolioError.Kind.usage, "unknown account type \"bond\""),
        (["--name", "Savings", "--type", "isa"], .refused, "an account named \"Savings\" already exists"),
        (["--name", "SAVINGS", "--type", "isa"], .refused, "an account named \"Savings\" already exists"),
        (["--name", "X", "--type", "cash", "--balance", "12abc"], .refused, "--balance \"12abc\" is not an amount"),
        (["--name", "X", "--type", "cash", "--balance", "£12"], .refused, "--balance \"£12\" is not an amount"),
        (
            ["--name", "X", "--type", "cash", "--balance", "1", "--date", "31/05/2024"], .usage,
            "--date \"31/05/2024\" is not a date"
        ),
        (
            ["--name", "X", "--type", "cash", "--balance", "1", "--date", "2024-02-30"], .usage,
            "--date \"2024-02-30\" is not a date"
        ),
        (["--name", "X", "--type", "cash", "--date", "2024-01-01"], .usage, "--date needs --balance"),
        (["--name", "X", "--type", "cash", "--currency", "DOLLARS"], .usage, "\"DOLLARS\" is not a currency code"),
        (["--name", "X", "--type", "cash", "--currency", "XYZ"], .refused, "unknown currency XYZ"),
        (["--name", "X", "--type", "loan", "--balance", "-500"], .refused, "cannot record -500 for \"X\""),
        (
            ["--name", "X", "--type", "cash", "--balance", "5", "--date", "2024-07-01"], .refused,
            "cannot record a balance dated 2024-07-01"
        ),
        (["--name", " ", "--type", "cash"], .usage, "an account name cannot be empty"),
    ])
    func badAddsAreRefusedAndChangeNothing(arguments: [String], kind: FolioError.Kind, what: String) async throws {
        let harness = try await seeded()
        let before = try await harness.snapshot()
        let error = await harness.failure(["accounts", "add"] + arguments)
        #expect(error?.kind == kind)
        #expect(error?.what == what)
        #expect(try await harness.snapshot() == before)
    }

    @Test func listShowsBalanceLastUpdateAndChange() async throws {
        let harness = try await seeded()
        let output = try await harness.output(["accounts", "list"])
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("ACCOUNT"))
        // 1200 → 1350.50: +150.50, 150.50 / 1200 = +12.54%
        #expect(
            lines.contains {
                $0.contains("Savings") && $0.contains("£1,350.50") && $0.contains("+£150.50 (+12.54%) up")
            })
        // 150000 → 149200: -800, -0.53%, a debt going down
        #expect(lines.contains { $0.contains("Mortgage") && $0.contains("-£800.00 (-0.53%) paid down") })
        #expect(lines.contains { $0.contains("Card") && $0.contains("2024-06-10") && $0.hasSuffix("—") })
    }

    @Test func listAsJSONAndCSVHaveTheSameColumns() async throws {
        let harness = try await seeded()
        let rows = try #require(try await harness.json(["accounts", "list"]) as? [[String: Any]])
        #expect(rows.count == 4)
        let savings = try #require(rows.first { $0["name"] as? String == "Savings" })
        #expect(
            (savings["balance"] as? NSNumber).flatMap { Decimal(string: $0.stringValue) } == Decimal(string: "1350.5"))
        #expect(
            (savings["change"] as? NSNumber).flatMap { Decimal(string: $0.stringValue) } == Decimal(string: "150.5"))
        #expect(savings["trend"] as? String == "positive")
        let card = try #require(rows.first { $0["name"] as? String == "Card" })
        #expect(card["change"] is NSNull)
        #expect(card["changePercent"] is NSNull)
        let csv = try await harness.output(["accounts", "list", "--format", "csv"])
        let header = csv.split(separator: "\r\n").first.map(String.init) ?? ""
        #expect(Set(header.split(separator: ",").map(String.init)) == Set(savings.keys))
        #expect(csv.contains("Mortgage,mortgage,true,GBP,true,2024-06-30,,149200,2024-06-20,150000,2024-05-31,-800,"))
    }

    @Test func emptyListSaysHowToStart() async throws {
        let output = try await Harness().output(["accounts", "list"])
        #expect(output.contains("No accounts yet"))
        #expect((try await Harness().json(["accounts", "list"]) as? [Any])?.isEmpty == true)
    }

    @Test func showDescribesOneAccount() async throws {
        let harness = try await seeded()
        let output = try await harness.output(["accounts", "show", "mortgage"])
        #expect(output.hasPrefix("Mortgage\n"))
        #expect(output.contains("Type      mortgage (debt, subtracted)"))
        #expect(output.contains("Balance   £149,200.00 on 2024-06-20"))
        #expect(output.contains("Previous  £150,000.00 on 2024-05-31"))
        #expect(output.contains("Change    -£800.00 (-0.53%) paid down"))
        #expect(output.contains("Counted   yes"))
        try await harness.run(["settings", "--exclude-mortgage"])
        #expect(
            try await harness.output(["accounts", "show", "Mortgage"]).contains("Counted   no — mortgages excluded"))
        let error = await harness.failure(["accounts", "show", "Mortgag"])
        #expect(error?.kind == .refused)
        #expect(error?.hint == "did you mean \"Mortgage\"?")
    }

    @Test func renameExcludeIncludeAndNote() async throws {
        let harness = try await seeded()
        #expect(try await harness.output(["accounts", "rename", "card", "Amex"]) == "Renamed \"Card\" to \"Amex\".\n")
        let clash = await harness.failure(["accounts", "rename", "Amex", "savings"])
        #expect(clash?.what == "an account named \"Savings\" already exists")
        #expect(try await harness.output(["accounts", "exclude", "amex"]) == "Excluded \"Amex\" from net worth.\n")
        #expect(try await harness.output(["accounts", "exclude", "amex"]) == "\"Amex\" was already excluded.\n")
        #expect(try await harness.output(["accounts", "list"]).contains("Amex (excluded)"))
        #expect(try await harness.output(["accounts", "include", "AMEX"]) == "Included \"Amex\" in net worth.\n")
        #expect(
            try await harness.output(["accounts", "note", "amex", "0% until May"])
                == "Noted on \"Amex\": 0% until May\n")
        #expect(try await harness.output(["accounts", "note", "amex"]) == "Cleared the note of \"Amex\".\n")
        let unknown = await harness.failure(["accounts", "exclude", "Visa"])
        #expect(unknown?.what == "no account named \"Visa\"")
    }

    @Test func removeWithoutATerminalOrYesRefuses() async throws {
        let harness = try await seeded()
        let before = try await harness.snapshot()
        let error = await harness.failure(["accounts", "remove", "Savings"])
        // FeatureKit's one rule, the same in every feature: refused, exit 1.
        #expect(error?.kind == .refused)
        #expect(error?.exitCode == 1)
        #expect(error?.what == "not removing \"Savings\" without confirmation")
        #expect(error?.hint == "pass --yes to confirm")
        #expect(try await harness.snapshot() == before)
    }

    @Test func removeAsksOnATerminal() async throws {
        let harness = try await seeded()
        let before = try await harness.snapshot()
        let declined = CapturedTerminal(interactive: true, input: ["n"])
        let error = await harness.failure(["accounts", "remove", "Savings"], terminal: declined)
        #expect(declined.errors == "Remove \"Savings\" and its 2 balance updates? [y/N] ")
        #expect(error?.what == "not removing \"Savings\"")
        #expect(try await harness.snapshot() == before)
        let accepted = CapturedTerminal(interactive: true, input: ["yes"])
        try await harness.run(["accounts", "remove", "savings"], terminal: accepted)
        #expect(accepted.output == "Removed \"Savings\" and its 2 balance updates.\n")
    }

    @Test func removeWithYesCascadesToTheHistory() async throws {
        let harness = try await seeded()
        try await harness.run(["accounts", "remove", "Mortgage", "--yes"])
        let keys = try await harness.snapshot().keys
        #expect(keys.filter { $0.hasPrefix("account/") }.count == 3)
        #expect(!keys.contains("name/mortgage"))
        let error = await harness.failure(["history", "Mortgage"])
        #expect(error?.what == "no account named \"Mortgage\"")
        // Re-adding the name starts an empty history.
        try await harness.run(["accounts", "add", "--name", "Mortgage", "--type", "mortgage"])
        #expect(try await harness.output(["history", "mortgage"]).contains("has no balance updates yet"))
    }
}
