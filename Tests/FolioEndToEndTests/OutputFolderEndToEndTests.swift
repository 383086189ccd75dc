import FeatureKitTesting
import Foundation
import Testing

/// `--output` into a folder that does not exist names the folder and is a usage error (it was exit 70 with
/// Foundation's "The file doesn't exist").
@Suite struct OutputFolderEndToEndTests {
    @Test func aMissingOutputFolderIsNamedWithExit64() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let missing = home.appendingPathComponent("no/such")
            let result = try await FolioBinary.run(
                ["features", "--output", missing.appendingPathComponent("features.txt").path], home: home)
            #expect(result.exitCode == 64)
            #expect(result.stderr.contains("the folder \(missing.path) does not exist"), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }
}
