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

@testable import ETFAnalyzerCommands

/// The shipped example portfolio.
let examplePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Modules/Features/ETFAnalyzer/Examples/etfs.csv").path

/// An exact amount from a literal string.
func dec(_ text: String) -> Amount { Amount(text)! }

/// Runs `folio etf <arguments>` in process, as the host would, and returns the terminal.
/// The wall clock is pinned at 2025-05-26 12:00 UTC.
@discardableResult
func runETF(
    _ arguments: [String], input: [String] = [], interactive: Bool = false, width: Int = 100,
    store: any KeyValueStore = InMemoryDatabase().store(namespace: "etf")
) async throws -> CapturedTerminal {
    let terminal = CapturedTerminal(interactive: interactive, width: width, input: input)
    let parsed = try ETFCommand.parseAsRoot(arguments)
    guard let command = parsed as? any FeatureCommand else {
        throw FolioError(.usage, "\(arguments) did not parse to a runnable command")
    }
    let context = FeatureContext.test(
        featureID: "etf", store: store, timing: .test(now: Date(timeIntervalSince1970: 1_748_260_800)),
        terminal: terminal)
    try await command.run(in: context)
    return terminal
}

/// The error `body` throws, as a FolioError.
func folioError(_ body: () async throws -> Void) async -> FolioError? {
    do {
        try await body()
        return nil
    } catch {
        return FolioError.from(error)
    }
}
