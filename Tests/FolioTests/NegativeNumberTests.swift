import FeatureCLI
import FeatureKit
import FeatureKitTesting
import Foundation
import Networking
import Persistence
import Testing

@testable import folio

/// Negative numbers reach the command as values, not as unknown options (issue: `stocks buy AAPL -3` ended in
/// ArgumentParser's "Missing expected argument", exit 64, instead of the feature's own message).
@Suite struct NegativeNumberTests {
    let database = InMemoryDatabase()

    private func run(_ arguments: [String]) async -> (code: Int32, terminal: CapturedTerminal) {
        let (database, terminal) = (database, CapturedTerminal())
        let code = await FeatureRegistry.$current.withValue([DemoPlugin.descriptor]) {
            await FolioHost.run(arguments: arguments, environment: [:], terminal: terminal) { feature, host in
                .test(featureID: feature.id, store: database.store(namespace: feature.id), terminal: host.terminal)
            }
        }
        return (code, terminal)
    }

    @Test(arguments: [
        (["demo", "say", "AAPL", "-3"], "AAPL -3 - no\n"),
        (["demo", "say", "-3", "AAPL"], "-3 AAPL - no\n"),
        (["demo", "say", "AAPL", "-3", "--note", "hi", "--yes"], "AAPL -3 hi yes\n"),
        (["demo", "say", "--yes", "-5.50", "--note", "-1,000"], "-5.50 - -1,000 yes\n"),
        (["demo", "say", "AAPL", "-n", "-2"], "AAPL - -2 no\n"),
        (["demo", "say", "JPY", "-£1"], "JPY -£1 - no\n"),
        (["demo", "say", "x", "--", "-3"], "x -3 - no\n"),
        (["demo", "say", "x", "--note=-3"], "x - -3 no\n"),
    ])
    func reachTheCommandAsValues(arguments: [String], printed: String) async {
        let (code, terminal) = await run(arguments)
        #expect(code == 0, "\(terminal.errors)")
        #expect(terminal.output == printed)
    }

    @Test func anOptionsNegativeValueReachesItsValidation() async {
        let (code, terminal) = await run(["demo", "count", "--by", "-3"])
        #expect(terminal.errors.contains("--by must be positive"))
        #expect(!terminal.errors.contains("Missing value"))
        #expect(code == 64)
    }

    @Test func wordsThatAreNotNegativeNumbersAreLeftToArgumentParser() async {
        #expect(!NegativeNumbers.looksNegative("-v"))
        #expect(!NegativeNumbers.looksNegative("--by"))
        #expect(!NegativeNumbers.looksNegative("-"))
        #expect(!NegativeNumbers.looksNegative("-x3"))
        #expect(NegativeNumbers.looksNegative("-.5"))
        #expect(NegativeNumbers.looksNegative("-1e5"))
        let (code, terminal) = await run(["demo", "say", "AAPL", "-z"])
        #expect(code == 64)
        #expect(terminal.errors.contains("-z"))
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
