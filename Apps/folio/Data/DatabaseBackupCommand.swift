import ArgumentParser
import Failures
import FeatureKit
import Foundation
import Persistence
import PersistenceSQLite
import Timing

/// `folio db backup FILE`: a consistent copy of the SQLite store while other commands and `folio serve` write.
struct DatabaseBackupCommand: HostCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup", abstract: "Copy the SQLite store to a file, safely while folio is running.",
        discussion: """
            The copy is one snapshot taken through SQLite's online backup API (copying folio.sqlite while another \
            process writes can copy a torn file). It is written to a temporary file beside FILE and renamed, so \
            FILE is either the previous file or a whole backup; an existing FILE is replaced. `folio db restore \
            FILE` brings it back. On PostgreSQL, use pg_dump, or `folio db export`.

            With --encrypt the backup is sealed with a passphrase (AES-256-GCM, the key derived by scrypt), asked \
            twice at the terminal or read from standard input with --passphrase-stdin; `folio db restore` asks for \
            it.

            Examples:
              folio db backup ~/backups/folio.sqlite
              folio db backup --encrypt ~/backups/folio.sqlite.sealed
              folio db restore ~/backups/folio.sqlite
            """)

    @Argument(help: ArgumentHelp("The backup file to write.", valueName: "file"), completion: .file())
    var file: String

    @Flag(help: "Seal the backup with a passphrase.")
    var encrypt = false

    @OptionGroup var passphrase: PassphraseOptions

    func run(host: HostEnvironment) async throws {
        let store = try SQLiteOnly.file(of: try host.database(), command: "backup")
        let destination = URL(fileURLWithPath: NSString(string: file).expandingTildeInPath)
        guard
            destination.standardizedFileURL.resolvingSymlinksInPath()
                != store.standardizedFileURL.resolvingSymlinksInPath()
        else {
            throw FolioError(
                .usage, "cannot back up \(store.path) onto itself", hint: "name another file", field: "file")
        }
        var isFolder: ObjCBool = false
        let folder = destination.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw FolioError(
                .usage, "cannot write \(destination.path)", why: "the folder \(folder) does not exist",
                hint: "create it first (mkdir -p \(folder))", field: "file")
        }
        let sealing = try encrypt ? passphrase.forSealing(on: host.terminal) : nil
        let database = try SQLiteDatabase(fileURL: store, now: { host.timing.now() })
        guard let sealing else {
            try database.backup(to: destination)
            return host.terminal.print("backed up \(store.path) to \(destination.path)")
        }
        // The clear snapshot lives only in a private file beside the sealed one, removed however this ends.
        let snapshot = destination.deletingLastPathComponent().appendingPathComponent(
            ".\(destination.lastPathComponent).\(UUID().uuidString).sqlite")
        defer { SQLiteDatabase.removePrivateCopy(snapshot) }
        try database.backup(to: snapshot)
        try SealedFile.write(
            try SealedFile.seal(try Data(contentsOf: snapshot), passphrase: sealing), to: destination.path)
        host.terminal.print("backed up \(store.path) to \(destination.path), sealed with a passphrase")
    }

    func run() async throws {
        throw FolioError(.internal, "folio db backup runs through the host")
    }
}
