import Foundation
import Persistence
import Testing

/// A whole household read in one snapshot and written in one transaction, through the export file and back, on
/// every backend and across backends.
@Suite struct WholeDatabaseContractTests {
    typealias Backend = StoreContractTests.Backend

    /// An amount with more digits than a Double holds, a record that is not JSON, and one that is JSON with a line
    /// break: each must come back byte for byte.
    static let exactAmount = Data(#"{"amount":"12345678901234567.891","cash":1234567890123456789.01}"#.utf8)
    static let binary = Data([0x00, 0xFF, 0x0A, 0x7B])
    static let pretty = Data("{\n  \"a\" : 1\n}".utf8)

    static func fill(_ database: any KeyValueDatabase, clock: TestNow) async throws {
        try await StoreCopyContractTests.fill(database, clock: clock)
        let ledger = database.store(namespace: "stocks")
        try await ledger.migrate([Migration(version: 2, name: "v2") { _ in }])
        clock.set(1_700_000_200.123456789)
        try await ledger.write { transaction in
            try transaction.put("account/a", value: Self.exactAmount, expiresAt: nil, searchText: "Ünïcode \"quoted\"")
            try transaction.put(
                "blob", value: Self.binary, expiresAt: Date(timeIntervalSince1970: 1e-7), searchText: nil)
            try transaction.put("pretty", value: Self.pretty, expiresAt: nil, searchText: nil)
            try transaction.put("session", value: Data(#""device-only""#.utf8), expiresAt: nil, searchText: nil)
        }
    }

    static let namespaces = ["funds", "stocks", "empty"]

    func whole(_ database: any KeyValueDatabase) throws -> any WholeDatabase {
        try #require(database as? any WholeDatabase)
    }

    @Test(arguments: Backend.available, Backend.available)
    func anExportImportedElsewhereExportsTheSameBytes(from: Backend, to: Backend) async throws {
        let clock = TestNow()
        try await from.withDatabase(now: { clock.now }) { source in
            try await Self.fill(source, clock: clock)
            let snapshot = try await whole(source).snapshot(Self.namespaces, excluding: ["stocks": ["session"]])
            let header = ExportFormat.Header(
                folioVersion: "test", exportedAt: Date(timeIntervalSince1970: 1_750_000_000), contents: snapshot)
            let file = try ExportFormat.write(snapshot, header: header)
            let read = try ExportFormat.read(file)
            #expect(read.header == header)
            #expect(read.contents == snapshot)
            clock.set(1_760_000_000)
            try await to.withDatabase(now: { clock.now }) { target in
                try await whole(target).load(read.contents, replacing: false, keeping: ["stocks": ["session"]])
                let again = try await whole(target).snapshot(Self.namespaces, excluding: ["stocks": ["session"]])
                #expect(try ExportFormat.write(again, header: header) == file)
                let stocks = target.store(namespace: "stocks")
                #expect(try await stocks.read { try $0.get("account/a")?.value } == Self.exactAmount)
                #expect(try await stocks.read { try $0.get("blob")?.value } == Self.binary)
                #expect(try await stocks.read { try $0.get("pretty")?.value } == Self.pretty)
                #expect(try await stocks.read { try $0.get("session") } == nil, "device-local keys are not exported")
                #expect(try await stocks.schemaVersion() == 2)
                #expect(
                    try await target.store(namespace: "funds").search(String.self, ["axis"], limit: 5).map(\.key)
                        == source.store(namespace: "funds").search(String.self, ["axis"], limit: 5).map(\.key))
            }
        }
    }

    @Test(arguments: Backend.available)
    func aLoadIntoAStoreHoldingRecordsWritesNothingUnlessReplacing(backend: Backend) async throws {
        let clock = TestNow()
        try await backend.withDatabase(now: { clock.now }) { database in
            try await Self.fill(database, clock: clock)
            let snapshot = try await whole(database).snapshot(Self.namespaces, excluding: [:])
            let incoming = [
                NamespaceContents(namespace: "empty", schemaVersion: 4, records: snapshot[0].records),
                NamespaceContents(namespace: "stocks", schemaVersion: 1, records: []),
            ]
            await #expect(throws: PersistenceError.storage("the stocks data already holds 4 records")) {
                try await whole(database).load(incoming, replacing: false, keeping: [:])
            }
            // The first namespace was filled before the second was refused: the transaction took it back.
            #expect(try await database.store(namespace: "empty").read { try $0.count(.all) } == 0)
            #expect(try await database.store(namespace: "empty").schemaVersion() == 0)
            // A device-local key is neither counted, removed nor replaced.
            try await whole(database).load(incoming, replacing: true, keeping: ["stocks": ["session"]])
            let stocks = database.store(namespace: "stocks")
            #expect(try await stocks.read { try $0.scan(.all).map(\.key) } == ["session"])
            #expect(try await stocks.schemaVersion() == 1)
            #expect(try await database.store(namespace: "empty").schemaVersion() == 4)
            #expect(try await database.store(namespace: "empty").read { try $0.count(.all) } == 5)
            try await whole(database).load(
                [NamespaceContents(namespace: "stocks", schemaVersion: 0, records: [])], replacing: false,
                keeping: ["stocks": ["session"]])
            #expect(try await stocks.schemaVersion() == 0)
        }
    }
}
