import FeatureKitTesting
import Foundation
import Testing

/// Issue 25 item 13, run as a user would: every example in `folio stocks … --help` is one pasteable line
/// (a wrapped `--password-stdin` pasted alone started an interactive login), and an amount out of range is
/// told the limit whether it is written 1e26 or 1e29.
@Suite struct StockTradingHelpAndAmountEndToEndTests {
    @Test func everyHelpExampleIsOnePasteableLine() async throws {
        try await FolioBinary.withTemporaryHome { home in
            for command in [["login"], ["signup"], ["buy"], ["alerts", "add"], ["history"], ["analytics"]] {
                let help = try await FolioBinary.run(
                    ["stocks"] + command + ["--help"], home: home, environment: ["COLUMNS": "80"])
                let lines = help.stdout.components(separatedBy: "\n")
                let start = try #require(
                    lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "Examples:" }, "\(command)")
                var examples: [String] = []
                for line in lines[(start + 1)...] {
                    if line.trimmingCharacters(in: .whitespaces).isEmpty { break }
                    examples.append(line)
                }
                #expect(!examples.isEmpty, "\(command)")
                // `stocks alerts add` is an alias: its help is that of `folio alerts add stock`.
                let prefix = command == ["alerts", "add"] ? "folio alerts add stock " : "folio stocks "
                for line in examples {
                    #expect(line.trimmingCharacters(in: .whitespaces).hasPrefix(prefix), "\(command): \(line)")
                }
            }
        }
    }

    @Test func anAmountOutOfRangeNamesTheLimitHoweverItIsWritten() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let login = try await FolioBinary.run(
                ["stocks", "login", "--email", "test@stockport.com", "--password-stdin"], home: home,
                input: "Test@123\n")
            #expect(login.exitCode == 0)
            let limit = "the most one movement may be is $1,000,000,000.00"
            for arguments in [
                ["withdraw", "1e29"], ["deposit", "1e26"], ["deposit", "1e29"], ["withdraw", "2000000000"],
            ] {
                let result = try await FolioBinary.run(["stocks"] + arguments, home: home)
                #expect(result.exitCode == 1, "\(arguments)")
                #expect(result.stderr.contains(limit), "\(arguments): \(result.stderr)")
                #expect(!result.stderr.contains("at most two decimals"), "\(arguments)")
            }
            let malformed = try await FolioBinary.run(["stocks", "deposit", "12.345"], home: home)
            #expect(malformed.stderr.contains("at most two decimals"))
        }
    }
}
