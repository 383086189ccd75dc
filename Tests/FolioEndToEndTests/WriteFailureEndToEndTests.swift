import FeatureKitTesting
import Foundation
import Testing

/// A result written into a full disk is a failure (exit 74, EX_IOERR), not a silent exit 0: standard output and
/// `--output` alike, and an export that fails never leaves a file under the requested name.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"))
struct WriteFailureEndToEndTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static var portfolio: String {
        repository.appendingPathComponent("Modules/Features/ETFAnalyzer/Examples/etfs.csv").path
    }

    @Test func standardOutputIntoAFullDiskExits74() async throws {
        try await FolioBinary.withTemporaryHome { home in
            for format in ["csv", "json", "table"] {
                let result = try await FolioBinary.run(
                    ["etf", "analyze", Self.portfolio, "--format", format], home: home,
                    launcher: ["/bin/sh", "-c", "exec \"$0\" \"$@\" > /dev/full"])
                #expect(result.exitCode == 74, "\(format): \(result.stderr)")
                #expect(
                    result.stderr.contains("error: cannot write standard output — no space left on device"),
                    "\(result.stderr)")
            }
        }
    }

    @Test func outputIntoAFullDeviceExits74AndLeavesTheDeviceAlone() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let result = try await FolioBinary.run(
                ["etf", "analyze", Self.portfolio, "--format", "csv", "--output", "/dev/full"], home: home)
            #expect(result.exitCode == 74, "\(result.stderr)")
            #expect(
                result.stderr.contains("error: cannot write /dev/full — no space left on device"), "\(result.stderr)")
            let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/full")
            #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial, "the device is still a device")
        }
    }

    @Test func anExportIsCompleteUnderItsNameWithNoTemporaryFileLeft() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let folder = home.appendingPathComponent("exports")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let target = folder.appendingPathComponent("report.json")
            try Data("an older report".utf8).write(to: target)
            let result = try await FolioBinary.run(
                ["etf", "analyze", Self.portfolio, "--format", "json", "--output", target.path], home: home)
            #expect(result.exitCode == 0, "\(result.stderr)")
            let printed = try await FolioBinary.run(["etf", "analyze", Self.portfolio, "--format", "json"], home: home)
            #expect(try String(contentsOf: target, encoding: .utf8) == printed.stdout)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.json"])
        }
    }

    @Test func theHelpListsExit74() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let help = try await FolioBinary.run(["--help"], home: home)
            #expect(help.stdout.contains("74 an output that"), "\(help.stdout)")
        }
    }
}
