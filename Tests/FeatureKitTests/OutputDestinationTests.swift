import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Testing

@testable import FeatureKitTesting

@Suite struct OutputDestinationTests {
    @Test("a CSV document ending in CRLF is written byte for byte, with no stray LF")
    func crlfIsKept() throws {
        let csv = "a,b\r\n1,2\r\n"
        let terminal = CapturedTerminal()
        try OutputDestination(path: nil).emit(csv, to: terminal)
        #expect(Array(terminal.output.utf8) == Array(csv.utf8))

        let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("folio-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        var options = FormatOptions()
        options.output = file.path
        try options.emit(csv, to: terminal)
        #expect(try Data(contentsOf: file) == Data(csv.utf8))
    }

    @Test("text without a final newline gains one; empty text stays empty")
    func finalNewline() throws {
        let terminal = CapturedTerminal()
        try OutputDestination(path: "-").emit("one", to: terminal)
        try OutputDestination(path: nil).emit("", to: terminal)
        try OutputDestination(path: nil).emit("two\n", to: terminal)
        #expect(terminal.output == "one\ntwo\n")
    }
}

@Suite struct FolioBinaryEnvironmentTests {
    @Test(
        "a child folio inherits no FOLIO_* setting but those passed, and gets FOLIO_HOME, NO_COLOR and the simulated market"
    )
    func folioSettingsDoNotLeak() {
        let home = URL(fileURLWithPath: "/tmp/home")
        let env = FolioBinary.childEnvironment(
            home: home, environment: ["FOLIO_NEDS_URL": "http://127.0.0.1:1"],
            inherited: ["PATH": "/bin", "FOLIO_YAHOO_URL": "https://example.com", "FOLIO_HOME": "/mine"])
        #expect(
            env == [
                "PATH": "/bin", "FOLIO_HOME": "/tmp/home", "NO_COLOR": "1", "FOLIO_MARKET": "simulated",
                "FOLIO_NEDS_URL": "http://127.0.0.1:1",
            ])
    }
}

@Suite struct OutputFolderTests {
    @Test func aMissingFolderIsNamedAndIsAUsageError() async throws {
        try await withTemporaryDirectory(prefix: "output-folder") { folder in
            let path = folder.appendingPathComponent("reports/2026/out.csv").path
            let error = #expect(throws: FolioError.self) {
                try OutputDestination(path: path).emit("a,b", to: CapturedTerminal())
            }
            #expect(error?.exitCode == 64)
            #expect(error?.why == "the folder \(folder.path)/reports/2026 does not exist")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("reports").path))
            let intoFolder = #expect(throws: FolioError.self) {
                try OutputDestination(path: folder.path).emit("a,b", to: CapturedTerminal())
            }
            #expect(intoFolder?.why == "it is a folder")
            let file = folder.appendingPathComponent("plain")
            try Data("x".utf8).write(to: file)
            let underFile = #expect(throws: FolioError.self) {
                try OutputDestination(path: file.path + "/out.csv").emit("a,b", to: CapturedTerminal())
            }
            #expect(underFile?.exitCode == 64)
            #expect(underFile?.why == "\(file.path) is a file, not a folder")
        }
    }
}
