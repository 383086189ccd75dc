import FeatureKitTesting
import Foundation
import Testing

/// Each command the issue lists, run as a user typed it: the negative number reaches the feature's own
/// validation, with the same message and exit code as the spelling ArgumentParser always understood
/// (`--below=-5`, or `-- -3` for a positional), never "Missing expected argument".
@Suite struct NegativeNumberEndToEndTests {
    static let cases: [(typed: [String], understood: [String], message: String)] = [
        (["stocks", "buy", "AAPL", "-3"], ["stocks", "buy", "AAPL", "--", "-3"], "invalid quantity \"-3\""),
        (["stocks", "deposit", "-5"], ["stocks", "deposit", "--", "-5"], "invalid amount \"-5\""),
        (["stocks", "alerts", "add", "AAPL", "--below", "-5"], ["stocks", "alerts", "add", "AAPL", "--below=-5"],
         "invalid price \"-5\""),
        (["networth", "rate", "set", "JPY", "-1"], ["networth", "rate", "set", "JPY", "--", "-1"],
         "cannot set a JPY rate of -1"),
        (["funds", "sip", "122639", "--amount", "-5000", "--from", "2020-01-01", "--offline"],
         ["funds", "sip", "122639", "--amount=-5000", "--from", "2020-01-01", "--offline"],
         "invalid --amount \"-5000\""),
    ]

    @Test func negativeNumbersReachTheFeaturesValidation() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let login = try await FolioBinary.run(
                ["stocks", "login", "--email", "test@stockport.com", "--password-stdin"], home: home, input: "Test@123\n")
            #expect(login.exitCode == 0)
            for (typed, understood, message) in Self.cases {
                let result = try await FolioBinary.run(typed, home: home)
                let reference = try await FolioBinary.run(understood, home: home)
                #expect(result.stderr.contains(message), "\(typed): \(result.stderr)")
                #expect(!result.stderr.contains("Missing"), "\(typed)")
                #expect(result.exitCode == reference.exitCode, "\(typed)")
                #expect(result.stderr == reference.stderr, "\(typed)")
                #expect(result.exitCode != 0, "\(typed)")
            }
            // Every refusal is the feature's own (exit 1).
            for (typed, _, _) in Self.cases {
                #expect(try await FolioBinary.run(typed, home: home).exitCode == 1, "\(typed)")
            }
        }
    }
}
