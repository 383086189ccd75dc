import ArgumentParser
import FeatureCLI
import FeatureKit
import FeatureKitTesting
import Foundation
import Persistence
import Testing
import Timing
import TimingTesting
import __NAME__Commands

@Suite("folio __ID__")
struct __NAME__CommandsTests {
    @Test("add then list --format json prints the service's notes")
    func addThenList() async throws {
        let context = FeatureContext.test(
            featureID: "__ID__", store: InMemoryDatabase().store(namespace: "__ID__"),
            timing: .test(now: Date(timeIntervalSince1970: 1_700_000_000)))
        for arguments in [["add", "Review the budget"], ["list", "--format", "json"]] {
            let command = try #require(try __NAME__Plugin.descriptor.command.parseAsRoot(arguments) as? any FeatureCommand)
            try await command.run(in: context)
        }
        let output = (context.terminal as? CapturedTerminal)?.output ?? ""
        #expect(output.contains("Kept: Review the budget"))
        #expect(output.contains("\"text\" : \"Review the budget\""))
    }
}
