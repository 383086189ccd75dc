import Foundation
import Persistence
import Synchronization
import Testing

/// Export, restore and copy between backends, and a write transaction that stores many records (which the
/// PostgreSQL backend sends in batches): the contract for every backend, as in ``StoreContractTests``.
@Suite struct StoreCopyContractTests {
    typealias Backend = StoreContractTests.Backend

    /// Records stored at two moments, out of key order, some searchable, one expiring; and a schema version.
    static func fill(_ database: any KeyValueDatabase, clock: TestNow) async throws {
        let store = database.store(namespace: "funds")
        try await store.migrate([Migration(version: 3, name: "v3") { _ in }])
        clock.set(1_700_000_000.25)
        try await store.write { transaction in
            try transaction.put("scheme/3", "three", searchText: "Axis Bluechip Fund Direct Growth")
            try transaction.put("scheme/1", "one", searchText: "HDFC Liquid Fund Direct Plan")
            try transaction.put("note", "no search text")
        }
        clock.set(1_700_000_100.5)
        try await store.write { transaction in
            try transaction.put(
                "scheme/2", "two", expiresAt: Date(timeIntervalSince1970: 1_800_000_000),
                searchText: "Axis Liquid Fund Direct")
            try transaction.put("scheme/3", "three again", searchText: "Axis Bluechip Fund Regular")
            try transaction.put("empty", "indexed under nothing", searchText: "")
        }
    }

    @Test(arguments: Backend.available)
    func exportReadsEveryRecordAsStoredInTheOrderFirstStored(backend: Backend) async throws {
        let clock = TestNow()
        try await backend.withDatabase(now: { clock.now }) { database in
            try await Self.fill(database, clock: clock)
            let exported = try await database.store(namespace: "funds").read { try $0.export(.all) }
            #expect(exported.map(\.record.key) == ["scheme/3", "scheme/1", "note", "scheme/2", "empty"])
            #expect(exported[0].record.storedAt == Date(timeIntervalSince1970: 1_700_000_100.5))
            #expect(exported[0].searchText == "Axis Bluechip Fund Regular")
            #expect(exported[1].record.storedAt == Date(timeIntervalSince1970: 1_700_000_000.25))
            #expect(exported[2].searchText == nil)
            #expect(exported[3].record.expiresAt == Date(timeIntervalSince1970: 1_800_000_000))
            #expect(exported[4].searchText == "")
            let ranged = try await database.store(namespace: "funds").read { try $0.export(.prefix("scheme/")) }
            #expect(ranged.map(\.record.key) == ["scheme/3", "scheme/1", "scheme/2"])
        }
    }

    @Test(arguments: Backend.available, Backend.available)
    func aCopyHoldsTheSameRecordsSearchesAndVersion(from: Backend, to: Backend) async throws {
        let clock = TestNow()
        try await from.withDatabase(now: { clock.now }) { source in
            try await Self.fill(source, clock: clock)
            clock.set(1_750_000_000)
            try await to.withDatabase(now: { clock.now }) { target in
                let outcome = try await NamespaceCopy.copy(
                    from: source.store(namespace: "funds"), to: target.store(namespace: "funds"), replacing: false,
                    excluding: ["note"])
                #expect(outcome == NamespaceCopy.Outcome(namespace: "funds", records: 4, schemaVersion: 3))
                let original = source.store(namespace: "funds")
                let copy = target.store(namespace: "funds")
                let expected = try await original.read { try $0.export(.all) }.filter { $0.record.key != "note" }
                #expect(try await copy.read { try $0.export(.all) } == expected)
                #expect(try await copy.schemaVersion() == 3)
                for terms in [["axis"], ["fund", "direct"], ["liq"]] {
                    let before = try await original.search(String.self, terms, limit: 10).map(\.key)
                    #expect(try await copy.search(String.self, terms, limit: 10).map(\.key) == before)
                    let first = try await original.read {
                        try $0.firstSearchHits(terms, wholeWords: [], in: .all, limit: 10)
                    }
                    #expect(
                        try await copy.read { try $0.firstSearchHits(terms, wholeWords: [], in: .all, limit: 10) }
                            == first)
                }
            }
        }
    }

    @Test(arguments: Backend.available)
    func aCopyRefusesATargetThatHoldsRecordsUnlessReplacing(backend: Backend) async throws {
        let clock = TestNow()
        try await backend.withDatabase(now: { clock.now }) { database in
            try await Self.fill(database, clock: clock)
            let target = database.store(namespace: "copy")
            try await target.put("already", "here")
            await #expect(throws: PersistenceError.self) {
                try await NamespaceCopy.copy(from: database.store(namespace: "funds"), to: target, replacing: false)
            }
            #expect(try await target.read { try $0.export(.all) }.map(\.record.key) == ["already"])
            #expect(try await target.schemaVersion() == 0)
            let outcome = try await NamespaceCopy.copy(
                from: database.store(namespace: "funds"), to: target, replacing: true)
            #expect(outcome.records == 5)
            #expect(try await target.get(String.self, "already") == nil)
        }
    }

    @Test(arguments: Backend.available)
    func aLargeWriteTransactionReadsItsOwnWritesAndKeepsFirstStoredOrder(backend: Backend) async throws {
        try await backend.withDatabase { database in
            let store = database.store(namespace: "n")
            try await store.put("b", "stored before", searchText: "old words")
            let found = try await store.write { transaction -> [String] in
                // More puts than one batch of the PostgreSQL backend, some searchable, one key twice.
                for index in 0..<4_500 {
                    try transaction.put(
                        String(format: "k/%05d", index), index, searchText: index % 3 == 0 ? "word\(index) fund" : nil)
                }
                try transaction.put("a", "first")
                try transaction.put("b", "replaced", searchText: "new words")
                try transaction.put("a", "second")
                #expect(try transaction.value(String.self, "a") == "second")
                #expect(try transaction.count(.prefix("k/")) == 4_500)
                try transaction.delete("k/00001")
                try transaction.put("k/00001", 1)
                return try transaction.search(String.self, ["new"], limit: 5).map(\.key)
            }
            #expect(found == ["b"])
            #expect(try await store.get(String.self, "a")?.value == "second")
            #expect(try await store.search(String.self, ["old"], limit: 5).isEmpty)
            #expect(try await store.search(Int.self, ["word4497"], limit: 5).map(\.key) == ["k/04497"])
            let order = try await store.read { try $0.export(.all) }.map(\.record.key)
            #expect(order.count == 4_502)
            #expect(Array(order.prefix(2)) == ["b", "k/00000"])
            #expect(Array(order.suffix(2)) == ["a", "k/00001"])
        }
    }
}

/// A settable clock for `now:` stamps.
final class TestNow: Sendable {
    private let seconds = Mutex(0.0)
    var now: Date { Date(timeIntervalSince1970: seconds.withLock { $0 }) }
    func set(_ value: Double) { seconds.withLock { $0 = value } }
}
