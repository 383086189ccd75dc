import FeatureCLI
import FeatureKit
import FeatureKitTesting
import Foundation
import Networking
import Persistence
import Testing

@testable import folio

/// A negative number typed as a positional value cannot reach the command (ArgumentParser reads it as an option
/// and has no strategy for positionals), so the refusal says how to write it; an option's negative value is
/// parsed unconditionally and reaches the command's own validation.
@Suite struct NegativeNumberTests {
    let database = InMemoryDatabase()

    private func run(_ arguments: [String]) async -> (code: Int32, terminal: CapturedTerminal) {
        let (database, terminal) = (database, CapturedTerminal())
        let code = await FeatureRegistry.$current.withValue([DemoPlugin.plugin]) {
            await FolioHost.run(arguments: arguments, environment: [:], terminal: terminal) { feature, host in
                .test(featureID: feature.id, store: database.store(namespace: feature.id), terminal: host.terminal)
            }
        }
        return (code, terminal)
    }

    @Test(arguments: [
        (["demo", "say", "AAPL", "-3"], "folio demo say AAPL -- -3"),
        (["demo", "say", "-3", "AAPL"], "folio demo say -- -3 AAPL"),
        (["demo", "say", "JPY", "-£1", "--yes"], "folio demo say JPY --yes -- -£1"),
        (["demo", "say", "my note", "-.5"], "folio demo say 'my note' -- -.5"),
    ])
    func aPositionalNegativeNumberIsRefusedWithTheSpellingThatWorks(arguments: [String], spelled: String) async {
        let (code, terminal) = await run(arguments)
        #expect(code == 64)
        #expect(
            terminal.errors.contains(
                "hint: a value that starts with \"-\" is read as an option; put \"--\" before a negative value: \(spelled)\n"
            ), "\(terminal.errors)")
    }

    /// The spelling the hint gives runs: options before `--`, the negative value after it.
    @Test func theHintedSpellingWithAnOptionAfterTheValueRuns() async {
        let (code, terminal) = await run(["demo", "say", "JPY", "--yes", "--", "-£1"])
        #expect(code == 0, "\(terminal.errors)")
        #expect(terminal.output == "JPY -£1 - yes\n")
    }

    @Test func aNegativeValueForAnOptionIsToldToJoinItWithEquals() async {
        let (code, terminal) = await run(["demo", "say", "x", "--note", "-3"])
        #expect(code == 64)
        #expect(
            terminal.errors.contains(
                "hint: a value that starts with \"-\" is read as an option; join it to its option with \"=\": --note=-3\n"
            ), "\(terminal.errors)")
    }

    @Test(arguments: [
        (["demo", "say", "x", "--", "-3"], "x -3 - no\n"),
        (["demo", "say", "x", "--note=-3"], "x - -3 no\n"),
    ])
    func theDocumentedSpellingsReachTheCommand(arguments: [String], printed: String) async {
        let (code, terminal) = await run(arguments)
        #expect(code == 0, "\(terminal.errors)")
        #expect(terminal.output == printed)
    }

    @Test func anOptionParsedUnconditionallyTakesANegativeValue() async {
        let (code, terminal) = await run(["demo", "say", "x", "--limit", "-3"])
        #expect(code == 0, "\(terminal.errors)")
        #expect(terminal.output == "x - - no -3\n")
    }

    @Test func wordsThatAreNotNegativeNumbersGetNoHint() async {
        #expect(!NegativeNumberHint.looksNegative("-v"))
        #expect(!NegativeNumberHint.looksNegative("--by"))
        #expect(!NegativeNumberHint.looksNegative("-"))
        #expect(!NegativeNumberHint.looksNegative("-x3"))
        #expect(NegativeNumberHint.looksNegative("-.5"))
        #expect(NegativeNumberHint.looksNegative("-1e5"))
        let (code, terminal) = await run(["demo", "say", "AAPL", "-z"])
        #expect(code == 64)
        #expect(terminal.errors.contains("-z"))
        #expect(!terminal.errors.contains("hint:"))
    }
}

@Suite struct RetryNoticeTests {
    let event = RetryEvent(
        request: .get(URL(string: "https://api.mfapi.in")!, path: "/mf/1"), failedAttempt: 1, maxAttempts: 4,
        failure: .timedOut(url: URL(string: "https://api.mfapi.in/mf/1")!, after: .seconds(10)), delay: .seconds(2))

    @Test func aRetryIsOneLineOnStderrOnATerminal() {
        let terminal = CapturedTerminal(interactive: true)
        RetryNotice.reporter(terminal: terminal, debug: { _ in })(event)
        #expect(terminal.errors == "retrying in 2 s (attempt 2 of 4)…\n")
        #expect(terminal.output.isEmpty)
    }

    @Test func aPipeGetsNoNotice() {
        let terminal = CapturedTerminal(interactive: false)
        RetryNotice.reporter(terminal: terminal, debug: { _ in })(event)
        #expect(terminal.errors.isEmpty)
    }
}
