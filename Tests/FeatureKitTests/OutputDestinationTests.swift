import ArgumentParser
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

    @Test("a file written from a terminal gets the screen's text without its colours; the screen keeps them")
    func aFileGetsNoColours() throws {
        let style = Style(colorEnabled: true)
        let coloured =
            style.bold("NAME") + "  " + style.trend("+1.00%", sign: 1) + "  " + style.trend("-2.00%", sign: -1) + "\n"
            + style.dim("as of 2026-12-04") + "\n"
        let terminal = CapturedTerminal(interactive: true)
        try OutputDestination(path: nil).emit(coloured, to: terminal)
        #expect(terminal.output == coloured)

        let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("folio-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        try OutputDestination(path: file.path).emit(coloured, to: terminal)
        #expect(try String(contentsOf: file, encoding: .utf8) == "NAME  +1.00%  -2.00%\nas of 2026-12-04\n")
    }

    @Test("only whole colour sequences are taken out: other escapes and a lone ESC stay as they came")
    func onlyColoursAreRemoved() {
        #expect(Style.removingColor(from: "a\u{1B}[1;32mb\u{1B}[0mc\u{1B}[md") == "abcd")
        #expect(Style.removingColor(from: "\u{1B}[2Jclear") == "\u{1B}[2Jclear")
        #expect(Style.removingColor(from: "end\u{1B}") == "end\u{1B}")
        #expect(Style.removingColor(from: "\u{1B}x") == "\u{1B}x")
        #expect(Style.removingColor(from: "₹1,00,000 日本") == "₹1,00,000 日本")
    }

    @Test("tables fit the screen only when they go to it: --output FILE and a pipe are unbounded, `-` is the screen")
    func tableWidthFollowsTheDestination() throws {
        let screen = CapturedTerminal(interactive: true, width: 72)
        #expect(try FormatOptions.parse([]).tableWidth(on: screen) == 72)
        #expect(try FormatOptions.parse(["--output", "-"]).tableWidth(on: screen) == 72)
        #expect(try FormatOptions.parse(["--output", "report.txt"]).tableWidth(on: screen) == .max)
        #expect(try FormatOptions.parse([]).tableWidth(on: CapturedTerminal(interactive: false, width: 72)) == .max)
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
