import FeatureKitTesting
import Foundation
import Testing

/// Issue 40 item 3's `--encrypt`: an export or a backup sealed with a passphrase, opened only with it, through the
/// built binary.
@Suite struct SealedFilesEndToEndTests {
    static let passphrase = "correct horse battery staple\n"

    @Test func aSealedExportImportsOnlyWithItsPassphrase() async throws {
        try await FolioBinary.withTemporaryHome { home in
            try await DataEndToEndTests.fill(home)
            let file = home.appendingPathComponent("household.sealed")
            let export = try await DataEndToEndTests.folio(
                ["db", "export", "--encrypt", "--passphrase-stdin", "--output", file.path], home,
                input: Self.passphrase)
            #expect(export.exitCode == 0, "\(export.stderr)")
            let sealed = try Data(contentsOf: file)
            #expect(sealed.starts(with: Data("FOLIO-SEALED 1\n".utf8)))
            #expect(sealed.range(of: Data("Everyday Current".utf8)) == nil, "an account's name is readable")

            try await FolioBinary.withTemporaryHome { fresh in
                let wrong = try await DataEndToEndTests.folio(
                    ["db", "import", file.path, "--passphrase-stdin"], fresh, input: "not the passphrase\n")
                #expect(wrong.exitCode == 65)
                #expect(wrong.stderr.contains("the passphrase is wrong"), "\(wrong.stderr)")
                let nothing = try await DataEndToEndTests.folio(["db", "export"], fresh)
                #expect(DataEndToEndTests.records(nothing.stdout).isEmpty, "\(nothing.stdout)")

                var changed = sealed
                changed[changed.count - 20] ^= 0x01
                let damaged = fresh.appendingPathComponent("damaged.sealed")
                try changed.write(to: damaged)
                let refused = try await DataEndToEndTests.folio(
                    ["db", "import", damaged.path, "--passphrase-stdin"], fresh, input: Self.passphrase)
                #expect(refused.exitCode == 65, "\(refused.stderr)")

                let imported = try await DataEndToEndTests.folio(
                    ["db", "import", file.path, "--passphrase-stdin"], fresh, input: Self.passphrase)
                #expect(imported.exitCode == 0, "\(imported.stderr)")
                let again = try await DataEndToEndTests.folio(["db", "export"], fresh)
                let original = try await DataEndToEndTests.folio(["db", "export"], home)
                #expect(DataEndToEndTests.records(again.stdout) == DataEndToEndTests.records(original.stdout))
            }
        }
    }

    @Test func aSealedBackupRestoresOnlyWithItsPassphrase() async throws {
        try await FolioBinary.withTemporaryHome { home in
            try await DataEndToEndTests.fill(home)
            let file = home.appendingPathComponent("backup.sealed")
            let backup = try await DataEndToEndTests.folio(
                ["db", "backup", "--encrypt", "--passphrase-stdin", file.path], home, input: Self.passphrase)
            #expect(backup.exitCode == 0, "\(backup.stderr)")
            #expect(try Data(contentsOf: file).starts(with: Data("FOLIO-SEALED 1\n".utf8)))
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasPrefix(".") }
            #expect(leftovers.isEmpty, "the clear snapshot was left behind: \(leftovers)")

            try await FolioBinary.withTemporaryHome { other in
                _ = try await DataEndToEndTests.folio(["networth", "accounts", "list"], other)
                let wrong = try await DataEndToEndTests.folio(
                    ["db", "restore", file.path, "--passphrase-stdin"], other, input: "not the passphrase\n")
                #expect(wrong.exitCode == 65, "\(wrong.stderr)")
                let restored = try await DataEndToEndTests.folio(
                    ["db", "restore", file.path, "--passphrase-stdin"], other, input: Self.passphrase)
                #expect(restored.exitCode == 0, "\(restored.stderr)")
                #expect(try await DataEndToEndTests.outputs(other) == DataEndToEndTests.outputs(home))
            }
        }
    }

    @Test func sealingRefusesWhatCannotWork() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let toTerminal = try await DataEndToEndTests.folio(
                ["db", "export", "--encrypt", "--passphrase-stdin"], home, input: Self.passphrase)
            #expect(toTerminal.exitCode == 64)
            #expect(toTerminal.stderr.contains("--encrypt writes a file"), "\(toTerminal.stderr)")
            let short = try await DataEndToEndTests.folio(
                ["db", "export", "--encrypt", "--passphrase-stdin", "--output", "x.sealed"], home, input: "short\n")
            #expect(short.exitCode == 64)
            #expect(short.stderr.contains("too short"), "\(short.stderr)")
            let noTerminal = try await DataEndToEndTests.folio(
                ["db", "export", "--encrypt", "--output", "x.sealed"], home)
            #expect(noTerminal.exitCode == 64)
            #expect(noTerminal.stderr.contains("--passphrase-stdin"), "\(noTerminal.stderr)")
        }
    }
}
