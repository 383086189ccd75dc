import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Persistence

/// `folio db import FILE`: reads an export into an empty store, or in place of everything with `--replace`,
/// after checking the whole file; one transaction, so a failure stores nothing.
struct DatabaseImportCommand: HostCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Read a file from folio db export into this database.",
        discussion: """
            The file is checked whole before anything is written: its header, every line, each namespace's \
            record count (a file cut short is refused) and each namespace's schema version (data from a newer \
            folio is refused; data from an older one is migrated by its feature on first use). The database must \
            hold no records; --replace swaps everything it holds for the file's records instead. Either way it \
            is one transaction: all of the file or nothing.

            Examples:
              folio --home ~/folio-restored db import household.jsonl
              folio db import household.jsonl --replace
              gunzip -c household.jsonl.gz | folio db import -
              folio db import household.folio-sealed        # asks for the passphrase it was sealed with
            """)

    @Argument(help: ArgumentHelp("The export file, or - for standard input.", valueName: "file"), completion: .file())
    var file: String

    @Flag(help: "Replace every record the database holds instead of refusing a database that holds some.")
    var replace = false

    @OptionGroup var passphrase: PassphraseOptions

    @OptionGroup var formatting: FormatOptions

    func run(host: HostEnvironment) async throws {
        let (header, contents) = try read(terminal: host.terminal)
        let known = HouseholdData.namespaces(host)
        let supported = try HouseholdData.supportedVersions(host)
        for namespace in header.namespaces {
            guard let newest = supported[namespace.namespace] else {
                throw refusal(
                    "it holds \(namespace.namespace) data and this folio has no such feature",
                    hint: "enable the feature in config.json, or import with the folio that exported it")
            }
            guard namespace.schemaVersion <= newest else {
                throw refusal(
                    "its \(namespace.namespace) data is at schema version \(namespace.schemaVersion), newer than this "
                        + "folio supports (\(newest))", hint: "upgrade folio (it was written by \(header.folioVersion))"
                )
            }
        }
        // Replacing leaves every namespace as the file has it: one the file lacks is emptied.
        let absent = known.filter { name in !contents.contains { $0.namespace == name } }
            .map { NamespaceContents(namespace: $0, schemaVersion: 0, records: []) }
        let load = replace ? contents + absent : contents
        let selection = try host.database()
        try await HouseholdData.withDatabase(selection, host: host) { database in
            if !replace {
                try await refuseUnlessEmpty(
                    database, namespaces: known, selection: selection, deviceLocalKeys: host.deviceLocalKeys)
            }
            try await database.load(load, replacing: replace, keeping: host.deviceLocalKeys)
        }
        try NamespaceSummary.emit(
            header.namespaces,
            title: "imported \(file) (folio \(header.folioVersion), \(header.exportedAt)) into \(selection.backend) at "
                + selection.location, formatting: formatting, host: host)
    }

    private func read(terminal: any Terminal) throws -> (header: ExportFormat.Header, contents: [NamespaceContents]) {
        var data: Data
        if file == "-" {
            guard !passphrase.passphraseStdin else {
                throw FolioError(
                    .usage, "--passphrase-stdin needs the file named", why: "standard input cannot carry both",
                    hint: "folio db import FILE --passphrase-stdin")
            }
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: file) else {
                let exists = FileManager.default.fileExists(atPath: file)
                throw FolioError(
                    .noInput, "cannot read \(file)",
                    why: exists ? "permission denied, or it is a folder" : "no such file",
                    hint: "name a file written by folio db export")
            }
            data = contents
        }
        if SealedFile.isSealed(data) {
            do {
                data = try SealedFile.open(data, passphrase: try passphrase.forOpening(on: terminal))
            } catch let problem as SealedFileError {
                throw refusal(problem.description, hint: "give the passphrase the file was exported with")
            }
        }
        do {
            return try ExportFormat.read(data)
        } catch {
            throw refusal(
                error.description,
                hint: error.newerFormat != nil
                    ? "upgrade folio to import it" : "import a whole file as folio db export wrote it")
        }
    }

    private func refusal(_ why: String, hint: String) -> FolioError {
        FolioError(.dataError, "\(file) cannot be imported; nothing was stored", why: why, hint: hint)
    }

    /// Names what a database holds rather than only that it holds something.
    private func refuseUnlessEmpty(
        _ database: any WholeDatabase, namespaces: [String], selection: DatabaseSelection,
        deviceLocalKeys: [String: Set<String>]
    )
        async throws
    {
        var held: [String] = []
        for namespace in namespaces {
            let local = deviceLocalKeys[namespace] ?? []
            let records = try await database.store(namespace: namespace).read { transaction in
                try transaction.count(.all) - local.filter { try transaction.get($0) != nil }.count
            }
            if records > 0 { held.append("\(namespace): \(records) records") }
        }
        guard held.isEmpty else {
            throw FolioError(
                .refused, "\(selection.location) is not empty; nothing was imported",
                why: "it holds " + held.joined(separator: ", "),
                hint: "import into an empty home (--home DIR) or database, or add --replace to swap everything it holds"
            )
        }
    }

    func run() async throws {
        throw FolioError(.internal, "folio db import runs through the host")
    }
}
