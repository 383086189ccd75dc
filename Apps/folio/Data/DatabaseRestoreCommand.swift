import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Persistence
import PersistenceSQLite
import Timing

/// `folio db restore FILE`: replaces the SQLite store with a backup, after checking the backup whole; the store it
/// replaces is kept beside it.
struct DatabaseRestoreCommand: HostCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Replace the SQLite store with a backup, keeping the replaced store.",
        discussion: """
            FILE must pass SQLite's integrity check, hold folio's tables at a version this folio knows, and hold no \
            feature data newer than this folio supports; otherwise nothing changes. The current store is first \
            backed up beside itself (folio.sqlite.before-restore-TIME), then replaced in one transaction: a running \
            folio serve sees the old data or the new, never a mix. On PostgreSQL, use pg_restore, or `folio db \
            import --replace`.

            A backup sealed with --encrypt is recognised and its passphrase asked for (or read from standard input \
            with --passphrase-stdin).

            Examples:
              folio db restore ~/backups/folio.sqlite
            """)

    @Argument(
        help: ArgumentHelp("The backup file (from folio db backup, or a copy of folio.sqlite).", valueName: "file"),
        completion: .file())
    var file: String

    @OptionGroup var passphrase: PassphraseOptions

    @OptionGroup var formatting: FormatOptions

    func run(host: HostEnvironment) async throws {
        let store = try SQLiteOnly.file(of: try host.database(), command: "restore")
        let source = URL(fileURLWithPath: NSString(string: file).expandingTildeInPath)
        guard FileManager.default.isReadableFile(atPath: source.path) else {
            throw FolioError(
                .noInput, "cannot read \(source.path)",
                why: FileManager.default.fileExists(atPath: source.path) ? "permission denied" : "no such file",
                hint: "name a file written by folio db backup", field: "file")
        }
        let database = try SQLiteDatabase(fileURL: store, now: { host.timing.now() })
        let copy = try privateCopy(of: source, beside: store.deletingLastPathComponent(), terminal: host.terminal)
        defer { SQLiteDatabase.removePrivateCopy(copy) }
        let inspection: BackupInspection
        do {
            inspection = try SQLiteDatabase.inspectBackup(at: copy)
        } catch let problem as BackupFileError {
            throw refusal(problem.description, hint: "name a file written by folio db backup")
        }
        let supported = try HouseholdData.supportedVersions(host)
        for namespace in inspection.namespaces {
            if let newest = supported[namespace.namespace], namespace.schemaVersion > newest {
                throw refusal(
                    "its \(namespace.namespace) data is at schema version \(namespace.schemaVersion), newer than this "
                        + "folio supports (\(newest))", hint: "upgrade folio, then restore it")
            }
        }
        let stamp = host.timing.now().formatted(.iso8601).replacingOccurrences(of: ":", with: "")
        let kept = store.deletingLastPathComponent().appendingPathComponent(
            "\(store.lastPathComponent).before-restore-\(stamp)")
        try database.backup(to: kept)
        try database.restore(from: copy)
        try NamespaceSummary.emit(
            inspection.namespaces,
            title: "restored \(store.path) from \(source.path); the replaced store is kept as \(kept.path)",
            formatting: formatting, host: host)
    }

    /// The backup as a private file to inspect and restore from: a copy, or what a sealed backup holds.
    private func privateCopy(of source: URL, beside folder: URL, terminal: any Terminal) throws -> URL {
        let head = try FileHandle(forReadingFrom: source).read(upToCount: SealedFile.magic.count) ?? Data()
        guard SealedFile.isSealed(head) else { return try SQLiteDatabase.privateCopy(of: source, beside: folder) }
        let opened: Data
        do {
            opened = try SealedFile.open(try Data(contentsOf: source), passphrase: passphrase.forOpening(on: terminal))
        } catch let problem as SealedFileError {
            throw refusal(problem.description, hint: "give the passphrase the backup was sealed with")
        }
        let copy = folder.appendingPathComponent(".restore-\(UUID().uuidString).sqlite")
        try SealedFile.write(opened, to: copy.path)
        return copy
    }

    private func refusal(_ why: String, hint: String) -> FolioError {
        FolioError(.dataError, "cannot restore from \(file); nothing was changed", why: why, hint: hint, field: "file")
    }

    func run() async throws {
        throw FolioError(.internal, "folio db restore runs through the host")
    }
}
