import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import FeatureKitTesting
import Foundation
import Money
import Persistence
import Timing
import TimingTesting

@testable import NetWorthCommands

/// Runs networth commands in-process against one in-memory store, "today" pinned to 2024-06-30.
struct Harness {
    /// Noon UTC, so the local date is 2024-06-30 in any time zone within ±11 hours.
    static let now = Date(timeIntervalSince1970: 1_719_748_800)
    let store = InMemoryDatabase(now: { Harness.now }).store(namespace: "networth")

    /// Runs `arguments` (after `networth`) and returns the terminal; errors propagate as thrown.
    @discardableResult
    func run(
        _ arguments: [String], terminal: CapturedTerminal = CapturedTerminal(), color: Bool = false
    ) async throws
        -> CapturedTerminal
    {
        let parsed = try NetWorthCommand.parseAsRoot(arguments)
        guard let command = parsed as? any FeatureCommand else {
            throw FolioError(.internal, "\(arguments) is not a runnable command")
        }
        try await command.run(
            in: .test(
                featureID: "networth", store: store, timing: .test(now: Self.now), terminal: terminal,
                colorEnabled: color))
        return terminal
    }

    /// The output of `arguments`.
    func output(_ arguments: [String], color: Bool = false) async throws -> String {
        try await run(arguments, color: color).output
    }

    /// The error `arguments` fail with.
    func failure(_ arguments: [String], terminal: CapturedTerminal = CapturedTerminal()) async -> FolioError? {
        do {
            try await run(arguments, terminal: terminal)
            return nil
        } catch {
            return FolioError.from(error)
        }
    }

    /// Every stored record, to prove a refused command wrote nothing.
    func snapshot() async throws -> [String: Data] {
        try await store.read { transaction in
            Dictionary(uniqueKeysWithValues: try transaction.scan(.all).map { ($0.key, $0.value) })
        }
    }

    /// The JSON output of `arguments` as a dictionary.
    func json(_ arguments: [String]) async throws -> Any {
        let text = try await output(arguments + ["--format", "json"])
        return try JSONSerialization.jsonObject(with: Data(text.utf8))
    }
}

/// A small portfolio worked out by hand in the tests:
/// Savings £1,200 (05-31) → £1,350.50 (06-30); Pension £20,000 (06-15); Mortgage £150,000 (05-31) →
/// £149,200 (06-20); Card £300 (06-10).
func seeded() async throws -> Harness {
    let harness = Harness()
    for arguments in [
        ["accounts", "add", "--name", "Savings", "--type", "savings", "--balance", "1200", "--date", "2024-05-31"],
        ["accounts", "add", "--name", "Pension", "--type", "pension", "--balance", "20000", "--date", "2024-06-15"],
        [
            "accounts", "add", "--name", "Mortgage", "--type", "mortgage", "--balance", "150,000", "--date",
            "2024-05-31",
        ],
        ["accounts", "add", "--name", "Card", "--type", "credit-card", "--balance", "300", "--date", "2024-06-10"],
        ["update", "savings", "1350.50"],
        ["update", "MORTGAGE", "149200", "--date", "2024-06-20", "--note", "overpaid"],
    ] {
        try await harness.run(arguments)
    }
    return harness
}
