import FeatureKitTesting
import Foundation
import Testing

/// The built `folio` binary, run as a user would.
@Suite struct HostEndToEndTests {
    @Test func listsFeaturesAsTableAndJSON() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let table = try await FolioBinary.run(["features"], home: home)
            #expect(table.exitCode == 0)
            #expect(table.stderr.isEmpty)
            let json = try await FolioBinary.run(["features", "--format", "json"], home: home)
            #expect(json.exitCode == 0)
            let rows = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
            #expect(rows != nil)
            let sources = rows?.flatMap { $0["valueSources"] as? [String] ?? [] }
            #expect(sources == ["funds:portfolio", "stocks:portfolio/<EMAIL>", "etf:saved/<NAME>"])
            #expect(table.stdout.contains("Value sources: funds:portfolio, stocks:portfolio/<EMAIL>, etf:saved/<NAME>"))
        }
    }

    @Test func printsHelpAndVersion() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let help = try await FolioBinary.run(["--help"], home: home)
            #expect(help.exitCode == 0)
            #expect(help.stdout.contains("USAGE: folio"))
            #expect(help.stdout.contains("--offline"))
            let version = try await FolioBinary.run(["--version"], home: home)
            #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
        }
    }

    @Test func rejectsUnknownCommandsWithUsageExitCode() async throws {
        let result = try await FolioBinary.withTemporaryHome { home in
            try await FolioBinary.run(["frobnicate"], home: home)
        }
        #expect(result.exitCode == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("frobnicate"))
    }

    @Test func writesFeatureListToAFileWithOutput() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let file = home.appendingPathComponent("features.csv")
            let result = try await FolioBinary.run(["features", "--format", "csv", "--output", file.path], home: home)
            #expect(result.exitCode == 0)
            #expect(result.stdout.isEmpty)
            #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("id,summary,enabled,kernels\r\n"))
        }
    }
}
