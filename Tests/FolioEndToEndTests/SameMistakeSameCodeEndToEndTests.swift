import FeatureKitTesting
import Foundation
import Testing

/// The same mistake gets the same exit code and the same kind of message in every feature, as
/// docs/EXIT_CODES.md states: each case below is one row of its rules, made in each feature that can make it.
@Suite struct SameMistakeSameCodeEndToEndTests {
    static let example = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Modules/Features/ETFAnalyzer/Examples/etfs.csv").path

    struct Mistake: Sendable, CustomTestStringConvertible {
        var rule: String
        var arguments: [String]
        var exitCode: Int32
        var message: String
        var testDescription: String { "\(rule): folio \(arguments.joined(separator: " "))" }
    }

    static let missing = "/nonexistent-folio-folder"

    static let mistakes: [Mistake] = [
        Mistake(
            rule: "missing input file", arguments: ["networth", "import", "\(missing)/b.csv"], exitCode: 66,
            message: "cannot read \(missing)/b.csv — no such file"),
        Mistake(
            rule: "missing input file", arguments: ["etf", "analyze", "\(missing)/p.csv"], exitCode: 66,
            message: "cannot read \(missing)/p.csv — no such file"),
        Mistake(
            rule: "no terminal to confirm on", arguments: ["funds", "cache", "clear"], exitCode: 1,
            message: "without confirmation — standard input is not a terminal to ask on"),
        Mistake(
            rule: "no terminal to confirm on", arguments: ["etf", "delete", "core"], exitCode: 1,
            message: "without confirmation — standard input is not a terminal to ask on"),
        Mistake(
            rule: "no terminal to confirm on", arguments: ["networth", "accounts", "remove", "Home Mortgage"],
            exitCode: 1, message: "without confirmation — standard input is not a terminal to ask on"),
        Mistake(
            rule: "--output into a missing folder", arguments: ["features", "--output", "\(missing)/f.txt"],
            exitCode: 64, message: "the folder \(missing) does not exist"),
        Mistake(
            rule: "--output into a missing folder",
            arguments: ["etf", "analyze", example, "--output", "\(missing)/r.csv"],
            exitCode: 64, message: "the folder \(missing) does not exist"),
        Mistake(
            rule: "--output into a missing folder", arguments: ["networth", "report", "--output", "\(missing)/r.csv"],
            exitCode: 64, message: "the folder \(missing) does not exist"),
        Mistake(
            rule: "a date in no accepted form", arguments: ["networth", "report", "--from", "2026-13"], exitCode: 64,
            message: "--from \"2026-13\" is not a date — that month does not exist"),
        Mistake(
            rule: "a date in no accepted form", arguments: ["stocks", "history", "--from", "2026-02-30"], exitCode: 64,
            message: "--from \"2026-02-30\" is not a date — that day does not exist"),
        Mistake(
            rule: "a date in no accepted form", arguments: ["etf", "analyze", example, "--as-of", "2026-02-30"],
            exitCode: 64, message: "--as-of \"2026-02-30\" is not a date — that day does not exist"),
        Mistake(
            rule: "a value that is not a number", arguments: ["networth", "update", "Current Account", "ten"],
            exitCode: 1, message: "amount \"ten\" is not an amount"),
        Mistake(
            rule: "a value that is not a number", arguments: ["etf", "analyze", example, "--growth", "ten"],
            exitCode: 1, message: "--growth ten is not a number"),
        Mistake(
            rule: "a value that is not a number", arguments: ["stocks", "buy", "AAPL", "ten"], exitCode: 1,
            message: "invalid quantity \"ten\""),
        Mistake(
            rule: "a value that is not a number",
            arguments: ["funds", "sip", "122639", "--amount", "ten", "--from", "2020-01-01", "--offline"],
            exitCode: 1, message: "invalid --amount \"ten\""),
    ]

    @Test(arguments: mistakes)
    func theSameMistakeGetsTheSameCode(_ mistake: Mistake) async throws {
        try await FolioBinary.withTemporaryHome { home in
            // What the mistakes need to exist: a household, a saved portfolio, a logged-in paper account.
            #expect(try await FolioBinary.run(["networth", "sample"], home: home).exitCode == 0)
            #expect(try await FolioBinary.run(["etf", "save", "core", Self.example], home: home).exitCode == 0)
            let login = try await FolioBinary.run(
                ["stocks", "login", "--email", "test@stockport.com", "--password-stdin"], home: home,
                input: "Test@123\n")
            #expect(login.exitCode == 0)
            let result = try await FolioBinary.run(mistake.arguments, home: home)
            #expect(result.exitCode == mistake.exitCode, "\(result.stderr)")
            #expect(result.stderr.contains(mistake.message), "\(result.stderr)")
            #expect(result.stdout.isEmpty, "\(result.stdout)")
        }
    }
}
