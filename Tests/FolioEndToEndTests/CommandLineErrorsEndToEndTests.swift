import FeatureKitTesting
import Foundation
import Testing

/// Issue 40 item 5, run as a user types it: every refusal starts with exactly one `error:`, a mistyped option
/// is named with the nearest one in every command, and what the help says about negative values works.
@Suite struct CommandLineErrorsEndToEndTests {
    /// Refusals from ArgumentParser itself, from a command's validation and from a feature's own parsing.
    static let refusals: [(typed: [String], code: Int32, starts: String)] = [
        (
            ["funds", "sip", "122639", "--amount", "-5000", "--from", "2020-01-01", "--offline"], 1,
            "error: invalid --amount \"-5000\" — an instalment must be more than ₹0\nhint: "
        ),
        (["stocks", "nope"], 64, "error: unexpected argument 'nope'\nUsage: folio stocks"),
        (["serve", "--refresh", "abc"], 64, "error: --refresh must be whole seconds"),
        (["funds", "search"], 64, "error: give words to search for"),
        (["stocks", "buy", "AAPL"], 64, "error: missing expected argument '<quantity>'"),
    ]

    @Test func everyRefusalHasExactlyOneErrorPrefix() async throws {
        try await FolioBinary.withTemporaryHome { home in
            for (typed, code, starts) in Self.refusals {
                let result = try await FolioBinary.run(typed, home: home)
                #expect(result.exitCode == code, "\(typed): \(result.stderr)")
                #expect(result.stderr.hasPrefix(starts), "\(typed): \(result.stderr)")
                #expect(
                    result.stderr.lowercased().components(separatedBy: "error:").count == 2,
                    "\(typed): \(result.stderr)")
            }
        }
    }

    static let mistyped: [(typed: [String], unknown: String, nearest: String)] = [
        (["funds", "sip", "122639", "--ammount", "5000", "--from", "2020-01-01"], "--ammount", "--amount"),
        (["funds", "sip", "122639", "--ammount=5000", "--from", "2020-01-01"], "--ammount", "--amount"),
        (["stocks", "buy", "AAPL", "3", "--refersh"], "--refersh", "--refresh"),
        (["stocks", "portfolio", "--formt", "json"], "--formt", "--format"),
        (["alerts", "add", "stock", "AAPL", "--abvoe", "3"], "--abvoe", "--above"),
        (["alerts", "watch", "--untilfired"], "--untilfired", "--until-fired"),
        (["races", "watch", "--countyr", "AU"], "--countyr", "--country"),
        (["db", "export", "--outptu", "x.json"], "--outptu", "--output"),
        // Reads its own words (for a negative amount), so the stray option is found by the command, named by the host.
        (["networth", "update", "Current", "100", "--ntoe", "x"], "--ntoe", "--note"),
    ]

    @Test func aMistypedOptionNamesTheNearestInEveryCommand() async throws {
        try await FolioBinary.withTemporaryHome { home in
            for (typed, unknown, nearest) in Self.mistyped {
                let result = try await FolioBinary.run(typed, home: home)
                #expect(result.exitCode == 64, "\(typed): \(result.stderr)")
                #expect(
                    result.stderr.hasPrefix(
                        "error: unknown option '\(unknown)' — did you mean '\(nearest)'?\nUsage: folio "),
                    "\(typed): \(result.stderr)")
            }
            let far = try await FolioBinary.run(["stocks", "portfolio", "--zzzzzzzz"], home: home)
            #expect(far.exitCode == 64)
            #expect(far.stderr.hasPrefix("error: unknown option '--zzzzzzzz'\n"), "\(far.stderr)")
        }
    }

    @Test func theHelpAndTheHintSayWhatWorksForNegativeValues() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let help = try await FolioBinary.run(["--help"], home: home, environment: ["COLUMNS": "200"])
            #expect(help.stdout.contains("`--amount=-5000`"), "\(help.stdout)")
            #expect(!help.stdout.contains("refused by the feature, with its reason"))

            // The spelling the help gives reaches the feature, which refuses with its own reason (1).
            let joined = try await FolioBinary.run(
                ["funds", "sip", "122639", "--amount=-5000", "--from", "2020-01-01", "--offline"], home: home)
            #expect(joined.exitCode == 1, "\(joined.stderr)")
            #expect(joined.stderr.hasPrefix("error: invalid --amount \"-5000\""), "\(joined.stderr)")
            #expect(!joined.stderr.contains("is read as an option"), "\(joined.stderr)")

            // A positional negative value is a usage error whose hint puts the options before `--`.
            let typed = ["stocks", "buy", "AAPL", "-3", "--refresh"]
            let refused = try await FolioBinary.run(typed, home: home)
            #expect(refused.exitCode == 64, "\(refused.stderr)")
            let spelled = ["stocks", "buy", "AAPL", "--refresh", "--", "-3"]
            #expect(
                refused.stderr.contains(
                    "hint: a value that starts with \"-\" is read as an option; put \"--\" before a negative value: folio \(spelled.joined(separator: " "))\n"
                ),
                "\(refused.stderr)")
            let followed = try await FolioBinary.run(spelled, home: home)
            #expect(followed.exitCode != 64, "\(followed.stderr)")
            #expect(!followed.stderr.contains("Usage:"), "\(followed.stderr)")
        }
    }
}
