import FeatureKitTesting
import Foundation
import PersistencePostgresTesting
import Testing

/// Issue 40's data commands through the built binary: export and import, backup and restore, copy back to a
/// SQLite file, and CSV rows of the wrong width.
@Suite struct DataEndToEndTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Reports that read only what is stored (the race board counts down to now).
    static let reports: [[String]] = [
        ["stocks", "portfolio", "--format", "json"], ["stocks", "history", "--format", "json"],
        ["networth", "summary", "--format", "json"], ["networth", "report", "--format", "json"],
        ["networth", "accounts", "list", "--format", "json"], ["etf", "list", "--format", "json"],
        ["etf", "analyze", "--saved", "core", "--format", "json"], ["alerts", "list", "--format", "json"],
    ]

    static func folio(
        _ arguments: [String], _ home: URL, _ environment: [String: String] = [:], input: String? = nil
    )
        async throws -> FolioBinary.Result
    {
        // Prices stay current for the whole test, however long a loaded machine takes: a report read after the quotes
        // expired would show the market moved, not the data changed.
        try await FolioBinary.run(
            arguments, home: home, environment: ["FOLIO_QUOTES_TTL": "24h"].merging(environment) { $1 }, input: input)
    }

    /// A household in every feature that stores data, the alerts included, and a login that stays on this device.
    static func fill(_ home: URL, _ environment: [String: String] = [:]) async throws {
        let etfs = repository.appendingPathComponent("Modules/Features/ETFAnalyzer/Examples/etfs.csv").path
        for (arguments, input) in [
            (["stocks", "login", "--email", "test@stockport.com", "--password-stdin"], "Test@123\n"),
            (["stocks", "buy", "AAPL", "2"], nil), (["stocks", "sell", "TSLA", "1"], nil),
            (["networth", "sample"], nil), (["networth", "update", "Everyday Current", "1234567.89"], nil),
            (["etf", "save", "core", etfs], nil), (["alerts", "add", "networth", "--above", "250000"], nil),
        ] as [([String], String?)] {
            let result = try await folio(arguments, home, environment, input: input)
            #expect(result.exitCode == 0, "\(arguments): \(result.stderr)")
        }
    }

    static func outputs(_ home: URL, _ environment: [String: String] = [:]) async throws -> [String] {
        var outputs: [String] = []
        for report in reports {
            let result = try await folio(report, home, environment)
            #expect(result.exitCode == 0, "\(report): \(result.stderr)")
            outputs.append(result.stdout)
        }
        return outputs
    }

    /// Every line but the header, which holds the time of the export.
    static func records(_ export: String) -> ArraySlice<Substring> {
        export.split(separator: "\n").dropFirst()
    }

    @Test func anExportImportedIntoAFreshHomeExportsTheSameRecordsAndEveryReportIsEqual() async throws {
        try await FolioBinary.withTemporaryHome { first in
            try await Self.fill(first)
            let file = first.appendingPathComponent("household.jsonl").path
            let export = try await Self.folio(["db", "export", "--output", file], first)
            #expect(export.exitCode == 0, "\(export.stderr)")
            #expect(export.stderr.contains("records of"), "\(export.stderr)")
            let exported = try String(contentsOfFile: file, encoding: .utf8)
            let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
            #expect(mode == 0o600, "the export is readable by its owner alone")
            #expect(exported.hasPrefix(#"{"exportedAt":"#))
            #expect(exported.contains(#""namespace":"alerts""#))
            #expect(exported.contains("1234567.89"), "the amount as stored, every digit")
            #expect(!exported.contains(#""key":"session""#), "this device's login stays behind")
            let before = try await Self.outputs(first)
            try await FolioBinary.withTemporaryHome { second in
                let imported = try await Self.folio(["db", "import", file, "--format", "json"], second)
                #expect(imported.exitCode == 0, "\(imported.stderr)")
                #expect(imported.stdout.contains(#""namespace" : "networth""#), "\(imported.stdout)")
                let again = try await Self.folio(["db", "export"], second)
                #expect(again.exitCode == 0, "\(again.stderr)")
                #expect(Self.records(again.stdout) == Self.records(exported))
                let login = try await Self.folio(
                    ["stocks", "login", "--email", "test@stockport.com", "--password-stdin"], second,
                    input: "Test@123\n")
                #expect(login.exitCode == 0, "\(login.stderr)")
                #expect(try await Self.outputs(second) == before)
                // A second import finds the store holding data: refused, naming it, nothing changed.
                let refused = try await Self.folio(["db", "import", file], second)
                #expect(refused.exitCode == 1)
                #expect(refused.stderr.hasPrefix("error: "), "\(refused.stderr)")
                #expect(refused.stderr.contains("is not empty; nothing was imported"), "\(refused.stderr)")
                #expect(refused.stderr.contains("networth: "), "\(refused.stderr)")
                #expect(refused.stderr.contains("--replace"), "\(refused.stderr)")
                let extra = try await Self.folio(["networth", "update", "Everyday Current", "1"], second)
                #expect(extra.exitCode == 0, "\(extra.stderr)")
                let replaced = try await Self.folio(["db", "import", file, "--replace"], second)
                #expect(replaced.exitCode == 0, "\(replaced.stderr)")
                #expect(Self.records(try await Self.folio(["db", "export"], second).stdout) == Self.records(exported))
                #expect(try await Self.outputs(second) == before, "the login survived the replacement")
            }
        }
    }

    @Test func aCutShortForeignOrNewerFileIsRefusedAndNothingIsStored() async throws {
        try await FolioBinary.withTemporaryHome { home in
            try await Self.fill(home)
            let exported = try await Self.folio(["db", "export"], home).stdout
            try await FolioBinary.withTemporaryHome { fresh in
                let lines = exported.split(separator: "\n")
                let cases: [(String, String)] = [
                    (lines.dropLast(3).joined(separator: "\n") + "\n", "it is cut short"),
                    (
                        lines.joined(separator: "\n").replacingOccurrences(
                            of: #""formatVersion":1"#, with: #""formatVersion":9"#),
                        "line 1: the file is in export format 9, newer than this folio reads (1)"
                    ),
                    ("account,date,amount\n", "not a folio export"),
                    (
                        lines.joined(separator: "\n").replacingOccurrences(
                            of: #""namespace":"networth""#, with: #""namespace":"garden""#),
                        "it holds garden data and this folio has no such feature"
                    ),
                    (
                        lines.joined(separator: "\n").replacingOccurrences(
                            of: #""namespace":"alerts","records":1,"schemaVersion":1"#,
                            with: #""namespace":"alerts","records":1,"schemaVersion":99"#),
                        "its alerts data is at schema version 99, newer than this folio supports"
                    ),
                ]
                for (index, (text, reason)) in cases.enumerated() {
                    let file = fresh.appendingPathComponent("bad-\(index).jsonl")
                    try Data(text.utf8).write(to: file)
                    let result = try await Self.folio(["db", "import", file.path], fresh)
                    #expect(result.exitCode == 65, "\(reason): \(result.stderr)")
                    #expect(result.stderr.hasPrefix("error: \(file.path) cannot be imported; nothing was stored"))
                    #expect(result.stderr.contains(reason), "\(result.stderr)")
                }
                let status = try await Self.folio(["db", "status", "--format", "json"], fresh)
                #expect(!status.stdout.contains(#""records" : 1"#) && status.stdout.contains(#""records" : 0"#))
            }
        }
    }

    @Test func aBackupTakenWhileSeveralProcessesWriteRestoresWholeAndTheReplacedStoreIsKept() async throws {
        try await FolioBinary.withTemporaryHome { home in
            try await Self.fill(home)
            let backup = home.appendingPathComponent("backups/folio.sqlite")
            try FileManager.default.createDirectory(
                at: backup.deletingLastPathComponent(), withIntermediateDirectories: true)
            // Four processes at a time record balances while three backups are taken.
            let results = try await withThrowingTaskGroup(of: (code: Int32, stderr: String).self) { group in
                for writer in 0..<4 {
                    group.addTask {
                        for step in 0..<5 {
                            let result = try await Self.folio(
                                [
                                    "networth", "update", "Everyday Current", "\(writer * 100 + step).01", "--note",
                                    "w\(writer)",
                                ],
                                home)
                            if result.exitCode != 0 { return (result.exitCode, result.stderr) }
                        }
                        return (0, "")
                    }
                }
                for _ in 0..<3 {
                    group.addTask {
                        let result = try await Self.folio(["db", "backup", backup.path], home)
                        return (result.exitCode, result.stderr)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for result in results { #expect(result.code == 0, "\(result.stderr)") }
            #expect(!FileManager.default.fileExists(atPath: backup.path + "-wal"), "the backup stands alone")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: backup.deletingLastPathComponent().path)
            #expect(leftovers == ["folio.sqlite"], "no temporary file is left")
            let kept = try await Self.folio(["db", "export"], home).stdout
            try await FolioBinary.withTemporaryHome { fresh in
                let restored = try await Self.folio(["db", "restore", backup.path], fresh)
                #expect(restored.exitCode == 0, "\(restored.stderr)")
                #expect(restored.stdout.contains("the replaced store is kept as"), "\(restored.stdout)")
                let history = try await Self.folio(
                    ["networth", "history", "Everyday Current", "--format", "csv"], fresh)
                #expect(history.exitCode == 0, "\(history.stderr)")
                let previous = try FileManager.default.contentsOfDirectory(atPath: fresh.path)
                    .filter { $0.hasPrefix("folio.sqlite.before-restore-") }
                #expect(previous.count == 1, "\(previous)")
                // The last backup is a store the writers left at some moment: restoring the live store's own backup
                // now gives back exactly what it holds.
                let now = home.appendingPathComponent("now.sqlite")
                #expect(try await Self.folio(["db", "backup", now.path], home).exitCode == 0)
                let again = try await Self.folio(["db", "restore", now.path, "--format", "json"], fresh)
                #expect(again.exitCode == 0, "\(again.stderr)")
                #expect(Self.records(try await Self.folio(["db", "export"], fresh).stdout) == Self.records(kept))
            }
        }
    }

    /// Runs one SQL statement on `file` through Python's sqlite3 module, as another program would.
    static func sqlite(_ file: URL, _ statement: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2]); c.commit()",
            file.path, statement,
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func aDamagedForeignOrNewerBackupIsRefusedWithTheStoreUnchanged() async throws {
        try await FolioBinary.withTemporaryHome { home in
            try await Self.fill(home)
            let backup = home.appendingPathComponent("good.sqlite")
            #expect(try await Self.folio(["db", "backup", backup.path], home).exitCode == 0)
            let before = try await Self.folio(["db", "export"], home).stdout
            let good = try Data(contentsOf: backup)
            let truncated = home.appendingPathComponent("truncated.sqlite")
            try good.prefix(good.count / 2).write(to: truncated)
            let text = home.appendingPathComponent("notes.txt")
            try Data("not a database at all, just some words that are long enough to be a header".utf8).write(to: text)
            let foreign = home.appendingPathComponent("foreign.sqlite")
            try Self.sqlite(foreign, "create table t(x)")
            let newer = home.appendingPathComponent("newer.sqlite")
            try good.write(to: newer)
            try Self.sqlite(newer, "pragma user_version = 99")
            for (file, reason) in [
                (truncated, "damaged"), (text, "damaged or not a SQLite database"),
                (foreign, "not a folio database (it has no records, namespaces, search table)"),
                (newer, "its tables are at version 99, newer than this folio knows"),
                (home.appendingPathComponent("missing.sqlite"), "no such file"),
            ] {
                let result = try await Self.folio(["db", "restore", file.path], home)
                #expect(result.exitCode != 0, "\(file.lastPathComponent)")
                #expect(result.stderr.contains(reason), "\(file.lastPathComponent): \(result.stderr)")
            }
            #expect(
                try await Self.folio(["db", "export"], home).stdout.split(separator: "\n").dropFirst()
                    == before.split(separator: "\n").dropFirst())
            let entries = try FileManager.default.contentsOfDirectory(atPath: home.path)
            #expect(!entries.contains { $0.hasPrefix(".restore-") || $0.contains("before-restore") }, "\(entries)")
        }
    }

    @Test func onPostgresBackupAndRestoreExplainTheServersToolsAndAWrongCopyTargetBlamesTo() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let shared = ["FOLIO_DATABASE_URL": "postgres://folio@127.0.0.1:1/folio"]
            let backup = try await Self.folio(["db", "backup", "x.sqlite"], home, shared)
            #expect(backup.exitCode == 64)
            #expect(backup.stderr.contains("pg_dump") && backup.stderr.contains("folio db export"), "\(backup.stderr)")
            let restore = try await Self.folio(["db", "restore", "x.sqlite"], home, shared)
            #expect(restore.exitCode == 64)
            #expect(restore.stderr.contains("pg_restore") && restore.stderr.contains("db import"), "\(restore.stderr)")
            for target in ["mysql://folio@db/folio", "postgres://folio@db:notaport/folio"] {
                let copy = try await Self.folio(["db", "copy", "--to", target], home)
                #expect(copy.exitCode == 64)
                #expect(copy.stderr.hasPrefix("error: --to "), "\(copy.stderr)")
                #expect(!copy.stderr.contains("--database-url"), "\(copy.stderr)")
            }
            let itself = try await Self.folio(
                ["db", "copy", "--to", home.appendingPathComponent("folio.sqlite").path], home)
            #expect(itself.exitCode == 64)
            #expect(itself.stderr.contains("onto itself"), "\(itself.stderr)")
        }
    }

    @Test func aCopyToASQLiteFileIsAHomeOfItsOwn() async throws {
        try await FolioBinary.withTemporaryHome { home in
            try await Self.fill(home)
            let before = try await Self.outputs(home)
            try await FolioBinary.withTemporaryHome { target in
                let file = target.appendingPathComponent("folio.sqlite").path
                let copy = try await Self.folio(["db", "copy", "--to", file, "--format", "json"], home)
                #expect(copy.exitCode == 0, "\(copy.stderr)")
                #expect(copy.stdout.contains(#""namespace" : "alerts""#), "\(copy.stdout)")
                let login = try await Self.folio(
                    ["stocks", "login", "--email", "test@stockport.com", "--password-stdin"], target,
                    input: "Test@123\n")
                #expect(login.exitCode == 0, "\(login.stderr)")
                #expect(try await Self.outputs(target) == before)
                let again = try await Self.folio(["db", "copy", "--to", file], home)
                #expect(again.exitCode == 1)
                #expect(again.stderr.contains("is not empty"), "\(again.stderr)")
            }
        }
    }

    @Test func aBalanceRowWithMoreFieldsThanTheHeaderIsRefusedWithItsLineAndNothingIsStored() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let file = home.appendingPathComponent("balances.csv")
            try Data("account,date,amount\nSavings,2024-08-30,100\nEveryday Current,2024-08-31,12,34,5x\n".utf8)
                .write(to: file)
            let result = try await Self.folio(["networth", "import", file.path], home)
            #expect(result.exitCode != 0)
            #expect(result.stderr.contains("line 3: the row has 5 fields where the header has 3"), "\(result.stderr)")
            let accounts = try await Self.folio(["networth", "accounts", "list", "--format", "json"], home)
            #expect(accounts.stdout.filter { !$0.isWhitespace } == "[]", "\(accounts.stdout)")
        }
    }
}

/// The same round trip through a PostgreSQL database, and back to a SQLite file.
@Suite(.enabled(if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.skipReason)))
struct DataPostgresEndToEndTests {
    @Test func anExportImportedIntoPostgresExportsTheSameRecordsAndCopiesBackToSQLite() async throws {
        try await PostgresTestDatabase.withSchemaURL { url in
            try await FolioBinary.withTemporaryHome { home in
                try await DataEndToEndTests.fill(home)
                let exported = try await DataEndToEndTests.folio(["db", "export"], home).stdout
                let before = try await DataEndToEndTests.outputs(home)
                let file = home.appendingPathComponent("household.jsonl")
                try Data(exported.utf8).write(to: file)
                let shared = ["FOLIO_DATABASE_URL": url]
                try await FolioBinary.withTemporaryHome { other in
                    let imported = try await DataEndToEndTests.folio(["db", "import", file.path], other, shared)
                    #expect(imported.exitCode == 0, "\(imported.stderr)")
                    let again = try await DataEndToEndTests.folio(["db", "export"], other, shared)
                    #expect(again.exitCode == 0, "\(again.stderr)")
                    #expect(DataEndToEndTests.records(again.stdout) == DataEndToEndTests.records(exported))
                    // Back to a SQLite file before any report runs (a report may refresh quotes and store them).
                    try await FolioBinary.withTemporaryHome { back in
                        let target = back.appendingPathComponent("folio.sqlite").path
                        let copy = try await DataEndToEndTests.folio(["db", "copy", "--to", target], other, shared)
                        #expect(copy.exitCode == 0, "\(copy.stderr)")
                        let copied = try await DataEndToEndTests.folio(["db", "export"], back)
                        #expect(DataEndToEndTests.records(copied.stdout) == DataEndToEndTests.records(exported))
                    }
                    let login = try await DataEndToEndTests.folio(
                        ["stocks", "login", "--email", "test@stockport.com", "--password-stdin"], other, shared,
                        input: "Test@123\n")
                    #expect(login.exitCode == 0, "\(login.stderr)")
                    #expect(try await DataEndToEndTests.outputs(other, shared) == before)
                }
            }
        }
    }
}
