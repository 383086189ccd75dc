import ArgumentParser
import Failures
import FeatureKit
import Foundation
import Persistence
import Timing

/// `folio db export`: the whole household as JSON lines, from one snapshot, whichever backend holds it.
struct DatabaseExportCommand: HostCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write every record of every feature and alert to one JSON-lines file.",
        discussion: """
            The first line is a header: the export format and its version, the folio version, the time, and each \
            namespace with its schema version and record count. Every other line is one record, namespace by \
            namespace in the order the records were first stored: its key, stored time, expiry, search text and \
            value, the value exactly as stored (amounts keep every digit). The stocks login of this device and \
            the web sessions are left out. `folio db import` reads the file into another home or database.

            With --encrypt the file is sealed with a passphrase (AES-256-GCM, the key derived by scrypt): asked \
            twice at the terminal, or read from standard input's first line with --passphrase-stdin. `folio db \
            import` recognises a sealed file and asks for its passphrase; without it the file cannot be read.

            Examples:
              folio db export --output household.jsonl
              folio db export | gzip > household.jsonl.gz
              folio db export --encrypt --output household.folio-sealed
            """)

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("The file to write (standard output when left out).", valueName: "file"),
        completion: .file())
    var output: String?

    @Flag(help: "Seal the file with a passphrase (needs --output).")
    var encrypt = false

    @OptionGroup var passphrase: PassphraseOptions

    func run(host: HostEnvironment) async throws {
        let sealing = try encrypt ? passphraseForSealing(host) : nil
        let selection = try host.database()
        let contents = try await HouseholdData.withDatabase(selection, host: host) { database in
            try await database.snapshot(HouseholdData.namespaces(host), excluding: host.deviceLocalKeys)
        }
        let header = ExportFormat.Header(
            folioVersion: FolioVersion.current, exportedAt: host.timing.now(), contents: contents)
        let data = try ExportFormat.write(contents, header: header)
        if let sealing, let output {
            try SealedFile.write(try SealedFile.seal(data, passphrase: sealing), to: output)
        } else {
            // Every byte is UTF-8: values that are not are written in Base64.
            try OutputDestination(path: output).emit(String(decoding: data, as: UTF8.self), to: host.terminal)
        }
        if let output, output != "-" {
            // Balances and password hashes: readable by this user alone, as folio.sqlite is.
            chmod(output, 0o600)
            let records = contents.map(\.records.count).reduce(0, +)
            host.terminal.writeError(
                "exported \(records) records of \(contents.count) namespaces from \(selection.backend) at "
                    + "\(selection.location) to \(output)\(sealing == nil ? "" : ", sealed with a passphrase")\n")
        }
    }

    /// Asked before the database is read, so a mistyped confirmation costs nothing.
    private func passphraseForSealing(_ host: HostEnvironment) throws -> String {
        guard let output, output != "-" else {
            throw FolioError(
                .usage, "--encrypt writes a file", why: "a sealed file is bytes, not text for a terminal or a pipe",
                hint: "add --output FILE", field: "output")
        }
        return try passphrase.forSealing(on: host.terminal)
    }

    func run() async throws {
        throw FolioError(.internal, "folio db export runs through the host")
    }
}
