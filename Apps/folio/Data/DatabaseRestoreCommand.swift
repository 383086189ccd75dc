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

            Examples:
              folio db restore ~/backups/folio.sqlite
            """)

    @Argument(
        help: ArgumentHelp("The backup file (from folio db backup, or a copy of folio.sqlite).", valueName: "file"),
        completion: .file())
    var file: String

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
        let copy = try SQLiteDatabase.privateCopy(of: source, beside: store.deletingLastPathComponent())
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

    private func refusal(_ why: String, hint: String) -> FolioError {
        FolioError(.dataError, "cannot restore from \(file); nothing was changed", why: why, hint: hint, field: "file")
    }

    func run() async throws {
        throw FolioError(.internal, "folio db restore runs through the host")
    }
}
