import FeatureKitTesting
import Foundation
import Testing

/// Each command the issue lists, run as a user typed it. An option's negative value reaches the feature's own
/// validation (options that take numbers parse their value unconditionally); a positional one cannot — ArgumentParser
/// reads it as an option and has no strategy for positionals — so the refusal (64) shows the `--` spelling, which
/// then reaches the feature's validation.
@Suite struct NegativeNumberEndToEndTests {
    static let options: [(typed: [String], message: String)] = [
        (["stocks", "alerts", "add", "AAPL", "--below", "-5"], "invalid price \"-5\""),
        (
            ["funds", "sip", "122639", "--amount", "-5000", "--from", "2020-01-01", "--offline"],
            "invalid --amount \"-5000\""
        ),
    ]

    static let positionals: [(typed: [String], spelled: [String], message: String)] = [
        (["stocks", "buy", "AAPL", "-3"], ["stocks", "buy", "AAPL", "--", "-3"], "invalid quantity \"-3\""),
        (["stocks", "deposit", "-5"], ["stocks", "deposit", "--", "-5"], "invalid amount \"-5\""),
        (
            ["networth", "rate", "set", "JPY", "-1"], ["networth", "rate", "set", "JPY", "--", "-1"],
            "cannot set a JPY rate of -1"
        ),
    ]

    @Test func negativeNumbersReachTheFeaturesValidationOrAreToldHow() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let login = try await FolioBinary.run(
                ["stocks", "login", "--email", "test@stockport.com", "--password-stdin"], home: home,
                input: "Test@123\n")
            #expect(login.exitCode == 0)
            for (typed, message) in Self.options {
                let result = try await FolioBinary.run(typed, home: home)
                #expect(result.stderr.contains(message), "\(typed): \(result.stderr)")
                #expect(result.exitCode == 1, "\(typed): \(result.stderr)")
            }
            for (typed, spelled, message) in Self.positionals {
                let result = try await FolioBinary.run(typed, home: home)
                #expect(result.exitCode == 64, "\(typed)")
                #expect(
                    result.stderr.contains(
                        "hint: a value that starts with \"-\" is read as an option; put \"--\" before a negative value: folio \(spelled.joined(separator: " "))\n"
                    ),
                    "\(typed): \(result.stderr)")
                let followed = try await FolioBinary.run(spelled, home: home)
                #expect(followed.stderr.contains(message), "\(spelled): \(followed.stderr)")
                #expect(followed.exitCode == 1, "\(spelled)")
            }
        }
    }
}
