import Foundation
import Persistence
import PersistencePostgresTesting
import PersistenceSQLite
import Testing

/// One contract, every backend: what a feature may rely on whichever store the host gives it.
@Suite struct StoreContractTests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case memory, sqlite, postgres
        var testDescription: String { rawValue }

        /// The backends the contract runs on: PostgreSQL only when `FOLIO_TEST_DATABASE_URL` names a server
        /// (`PostgresAvailabilityTests`, in PersistencePostgresTests, reports the skip).
        static var available: [Backend] {
            allCases.filter { $0 != .postgres || PostgresTestDatabase.isConfigured }
        }

        /// Runs `body` with a new, empty database of this kind; a SQLite one's files are removed when `body` ends.
        func withDatabase<Value>(
            now: @escaping @Sendable () -> Date = { Date() }, _ body: (any KeyValueDatabase) async throws -> Value
        ) async throws -> Value {
            switch self {
            case .memory: return try await body(InMemoryDatabase(now: now))
            case .sqlite:
                return try await TemporaryFiles.withDatabaseURL { url in
                    try await body(SQLiteDatabase(fileURL: url, now: now))
                }
            case .postgres:
                // A schema of its own per test, dropped afterwards.
                return try await PostgresTestDatabase.withDatabase(now: now) { try await body($0) }
            }
        }
    }

    struct Holding: Codable, Equatable, Sendable {
        var symbol: String
        var quantity: Int
        var cost: Decimal
    }

    @Test(arguments: Backend.available)
    func putsGetsAndDeletesCodableRecords(backend: Backend) async throws {
        try await backend.withDatabase { database in
            let store = database.store(namespace: "stocks")
            let holding = Holding(symbol: "AAPL", quantity: 2, cost: Decimal(string: "174.26")!)
            try await store.put("holding/AAPL", holding)
            #expect(try await store.get(Holding.self, "holding/AAPL")?.value == holding)
            #expect(try await store.get(Holding.self, "holding/TSLA") == nil)
            try await store.put("holding/AAPL", Holding(symbol: "AAPL", quantity: 3, cost: 1))
            #expect(try await store.get(Holding.self, "holding/AAPL")?.value.quantity == 3)
            try await store.delete("holding/AAPL")
            #expect(try await store.get(Holding.self, "holding/AAPL") == nil)
        }
    }

    @Test(arguments: Backend.available)
    func keepsNamespacesApart(backend: Backend) async throws {
        try await backend.withDatabase { database in
            try await database.store(namespace: "funds").put("k", "funds value")
            try await database.store(namespace: "stocks").put("k", "stocks value")
            #expect(try await database.store(namespace: "funds").get(String.self, "k")?.value == "funds value")
            #expect(try await database.store(namespace: "stocks").get(String.self, "k")?.value == "stocks value")
            #expect(try await database.store(namespace: "races").read { try $0.count(.all) } == 0)
        }
    }

    @Test(arguments: Backend.available)
    func scansInKeyOrderByPrefixAndRange(backend: Backend) async throws {
        try await backend.withDatabase { database in
            let store = database.store(namespace: "n")
            try await store.write { transaction in
                for key in ["trade/0003", "trade/0001", "watch/AAPL", "trade/0002", "trade", "trade0", "tradf"] {
                    try transaction.put(key, key)
                }
            }
            let trades = try await store.scan(String.self, .prefix("trade/"))
            #expect(trades.map(\.key) == ["trade/0001", "trade/0002", "trade/0003"])
            let reversed = try await store.scan(String.self, .prefix("trade/"), limit: 2, reverse: true)
            #expect(reversed.map(\.key) == ["trade/0003", "trade/0002"])
            let range = try await store.scan(String.self, KeyRange(from: "trade/0002", to: "watch/"))
            #expect(range.map(\.key) == ["trade/0002", "trade/0003", "trade0", "tradf"])
            #expect(try await store.read { try $0.count(.prefix("trade")) } == 5)
            #expect(try await store.write { try $0.delete(.prefix("trade/")) } == 3)
            #expect(try await store.scan(String.self, .all).map(\.key) == ["trade", "trade0", "tradf", "watch/AAPL"])
        }
    }

    @Test(arguments: Backend.available)
    func ordersKeysBytewise(backend: Backend) async throws {
        try await backend.withDatabase { database in
            let store = database.store(namespace: "n")
            try await store.write { transaction in
                for key in ["b", "B", "a", "é", "Z", "aa"] { try transaction.put(key, key) }
            }
            #expect(try await store.scan(String.self, .all).map(\.key) == ["B", "Z", "a", "aa", "b", "é"])
        }
    }

    @Test(arguments: Backend.available)
    func keysAndValuesRoundTripByteForByte(backend: Backend) async throws {
        let stamp = Date(timeIntervalSince1970: 1_790_000_000.25)
        try await backend.withDatabase(now: { stamp }) { database in
            let store = database.store(namespace: "bytes")
            let records: [(String, Data)] = [
                ("", Data("empty key".utf8)), ("empty value", Data()), ("nul\u{0}inside", Data([0, 1, 0, 255])),
                ("nul", Data([2])), ("café/📈", Data("ünïcode".utf8)),
            ]
            try await store.write { transaction in
                for (key, value) in records { try transaction.put(key, value: value, expiresAt: nil, searchText: nil) }
                try transaction.put(
                    "expiring", value: Data([9]), expiresAt: stamp.addingTimeInterval(60), searchText: nil)
            }
            for (key, value) in records {
                let record = try await store.read { try $0.get(key) }
                #expect(record == RawRecord(key: key, value: value, storedAt: stamp, expiresAt: nil), "\(key)")
            }
            #expect(try await store.read { try $0.get("expiring") }?.expiresAt == stamp.addingTimeInterval(60))
            #expect(try await store.read { try $0.get("nul\u{0}") } == nil)
            try await store.write { try $0.delete("nul\u{0}inside") }
            #expect(try await store.read { try $0.get("nul\u{0}inside") } == nil)
            #expect(try await store.read { try $0.get("nul") }?.value == Data([2]))
        }
    }

    @Test(arguments: Backend.available)
    func aTransactionThatThrowsLeavesNothingBehind(backend: Backend) async throws {
        try await backend.withDatabase { database in
            let store = database.store(namespace: "n")
            try await store.put("cash", 100)
            struct Refused: Error {}
            await #expect(throws: Refused.self) {
                try await store.write { transaction in
                    try transaction.put("cash", 50)
                    try transaction.put("holding/AAPL", 1)
                    try transaction.delete("cash")
                    throw Refused()
                }
            }
            #expect(try await store.get(Int.self, "cash")?.value == 100)
            #expect(try await store.get(Int.self, "holding/AAPL") == nil)
        }
    }

    @Test(arguments: Backend.available)
    func aTransactionSeesItsOwnWrites(backend: Backend) async throws {
        try await backend.withDatabase { database in
            let store = database.store(namespace: "n")
            let seen = try await store.write { transaction -> [String] in
                try transaction.put("a", 1)
                try transaction.put("b", 2)
                try transaction.delete("a")
                return try transaction.scan(.all).map(\.key)
            }
            #expect(seen == ["b"])
        }
    }

    @Test(arguments: Backend.available)
    func concurrentReadModifyWritesLoseNoUpdate(backend: Backend) async throws {
        try await backend.withDatabase { database in
            let store = database.store(namespace: "n")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        for _ in 0..<25 {
                            try await store.write { transaction in
                                try transaction.put("counter", (try transaction.value(Int.self, "counter") ?? 0) + 1)
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await store.get(Int.self, "counter")?.value == 200)
        }
    }

    @Test(arguments: Backend.available)
    func expiredEntriesAreStillReadableAndMarkedStale(backend: Backend) async throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        try await backend.withDatabase(now: { now }) { database in
            let store = database.store(namespace: "cache")
            try await store.put("list", ["a", "b"], expiresAt: now.addingTimeInterval(3600))
            try await store.put("forever", 1)
            let entry = try #require(try await store.get([String].self, "list"))
            #expect(entry.storedAt == now)
            #expect(entry.isStale(at: now.addingTimeInterval(3599)) == false)
            #expect(entry.isStale(at: now.addingTimeInterval(3600)) == true)
            #expect(entry.value == ["a", "b"])
            #expect(try await store.get(Int.self, "forever")?.isStale(at: .distantFuture) == false)
        }
    }

    @Test(arguments: Backend.available)
    func searchesByWordPrefixesWithEveryTermRequired(backend: Backend) async throws {
        try await backend.withDatabase { database in
            let store = database.store(namespace: "funds")
            let names = [
                "100": "HDFC Flexi Cap Fund - Direct Plan - Growth",
                "101": "HDFC Flexi Cap Fund - Regular Plan - IDCW",
                "102": "Parag Parikh Flexi Cap Fund - Direct Plan - Growth",
                "103": "HDFC Liquid Fund - Direct Plan - Growth",
                "104": "Société Générale Équité Fund",
            ]
            try await store.write { transaction in
                for (key, name) in names { try transaction.put("scheme/\(key)", name, searchText: name) }
                try transaction.put("meta/list", "not searchable")
            }
            let hdfcFlexi = try await store.search(String.self, ["hdfc", "flex"], limit: 10).map(\.key).sorted()
            #expect(hdfcFlexi == ["scheme/100", "scheme/101"])
            let direct = try await store.search(String.self, ["DIR", "growth", "flexi"], limit: 10).map(\.key).sorted()
            #expect(direct == ["scheme/100", "scheme/102"])
            #expect(try await store.search(String.self, ["lex"], limit: 10).isEmpty)  // prefixes only, not infixes
            #expect(try await store.search(String.self, ["equite", "soc"], limit: 10).map(\.key) == ["scheme/104"])
            #expect(try await store.search(String.self, ["fund"], limit: 2).count == 2)
            #expect(try await store.search(String.self, ["hdfc-flexi"], limit: 10).count == 2)
            #expect(try await store.search(String.self, ["   "], limit: 10).isEmpty)
            let hits = try await store.read { try $0.searchHits(["fund"], in: .prefix("scheme/"), limit: 10) }
            let records = try await store.read { try $0.search(["fund"], in: .prefix("scheme/"), limit: 10) }
            #expect(hits.map(\.key) == records.map(\.key))
            #expect(hits.count == 5)
            let first = try await store.read {
                try $0.firstSearchHits(["fund"], wholeWords: [], in: .prefix("scheme/"), limit: 5)
            }
            #expect(Set(first.hits) == Set(hits))
            #expect(first.hasMore == false)
            #expect(hits.first { $0.key == "scheme/104" }?.text == "Société Générale Équité Fund")
            try await store.write { transaction in
                try transaction.delete("scheme/100")
                try transaction.put("scheme/101", "renamed", searchText: "Renamed Scheme")
            }
            #expect(try await store.search(String.self, ["hdfc", "flexi"], limit: 10).isEmpty)
            #expect(try await store.search(String.self, ["renamed"], limit: 10).map(\.value) == ["renamed"])
            #expect(
                try await store.read { try $0.searchHits(["renamed"], in: .all, limit: 10) }.map(\.text) == [
                    "Renamed Scheme"
                ])
            #expect(try await store.read { try $0.searchHits(["hdfc", "flexi"], in: .all, limit: 10) }.isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func firstSearchHitsComeInTheOrderRecordsWereFirstStored(backend: Backend) async throws {
        try await backend.withDatabase { database in
            let store = database.store(namespace: "funds")
            let other = database.store(namespace: "other")
            try await other.write { try $0.put("scheme/0", "x", searchText: "Zeta Fund zzplandirect") }
            try await store.write { transaction in
                for (key, text) in [
                    ("scheme/c", "Gamma Fund zzplandirect"), ("scheme/a", "Alpha Fund zzplandirectx"),
                    ("scheme/d", "Delta Funds zzplandirect"), ("scheme/b", "Beta Fund zzplanregular"),
                    ("meta/e", "Epsilon Fund zzplandirect"),
                ] {
                    try transaction.put(key, text, searchText: text)
                }
            }
            func first(_ terms: [String], whole: [String] = [], limit: Int = 10) async throws -> SearchHitList {
                try await store.read {
                    try $0.firstSearchHits(terms, wholeWords: whole, in: .prefix("scheme/"), limit: limit)
                }
            }
            #expect(try await first(["fund"]).hits.map(\.key) == ["scheme/c", "scheme/a", "scheme/d", "scheme/b"])
            #expect(try await first(["fund"]).hasMore == false)
            #expect(
                try await first(["fund"], limit: 2)
                    == SearchHitList(
                        hits: [
                            SearchHit(key: "scheme/c", text: "Gamma Fund zzplandirect"),
                            SearchHit(key: "scheme/a", text: "Alpha Fund zzplandirectx"),
                        ],
                        hasMore: true))
            #expect(try await first(["fund"], limit: 0) == SearchHitList(hits: [], hasMore: true))
            // Whole words match only themselves; terms match word starts (`fund` finds `Funds`).
            #expect(try await first(["fund"], whole: ["zzplandirect"]).hits.map(\.key) == ["scheme/c", "scheme/d"])
            #expect(try await first([], whole: ["ZZPLANDIRECT"]).hits.map(\.key) == ["scheme/c", "scheme/d"])
            #expect(try await first(["zzplandirect"]).hits.map(\.key) == ["scheme/c", "scheme/a", "scheme/d"])
            #expect(try await first(["funds"], whole: ["fund"]).hits.isEmpty)
            #expect(try await first([], whole: []) == SearchHitList(hits: [], hasMore: false))
            // Replacing keeps a record's place; deleting and storing again moves it last.
            try await store.write { transaction in
                try transaction.put("scheme/c", "Gamma Fund", searchText: "Gamma Fund renamed")
                try transaction.delete("scheme/a")
                try transaction.put("scheme/a", "Alpha Fund", searchText: "Alpha Fund")
            }
            #expect(try await first(["fund"]).hits.map(\.key) == ["scheme/c", "scheme/d", "scheme/b", "scheme/a"])
            #expect(try await first(["renamed"]).hits.map(\.text) == ["Gamma Fund renamed"])
            try await store.write { transaction in
                #expect(try transaction.delete(.prefix("scheme/")) == 4)
                for key in ["scheme/b", "scheme/a"] { try transaction.put(key, key, searchText: "Fund") }
            }
            #expect(try await first(["fund"]).hits.map(\.key) == ["scheme/b", "scheme/a"])
        }
    }

    @Test(arguments: Backend.available)
    func migratesEachNamespaceOnceInOrder(backend: Backend) async throws {
        try await backend.withDatabase { database in
            let store = database.store(namespace: "networth")
            #expect(try await store.schemaVersion() == 0)
            let migrations = [
                Migration(version: 2, name: "rename") { transaction in
                    let old = try transaction.value(String.self, "setting") ?? ""
                    try transaction.put("setting", old + "+v2")
                },
                Migration(version: 1, name: "seed") { transaction in try transaction.put("setting", "v1") },
            ]
            try await store.migrate(migrations)
            try await store.migrate(migrations)
            #expect(try await store.schemaVersion() == 2)
            #expect(try await store.get(String.self, "setting")?.value == "v1+v2")
            #expect(try await database.store(namespace: "other").schemaVersion() == 0)
            let error = await #expect(throws: PersistenceError.self) {
                try await store.migrate(migrations.filter { $0.version == 1 })
            }
            #expect(error == .newerSchema(namespace: "networth", found: 2, supported: 1))
        }
    }

    @Test(arguments: Backend.available)
    func aFailingMigrationChangesNothing(backend: Backend) async throws {
        // `throws` spelled out: the closure's only `try`s are inside `#expect`, which do not make it throwing.
        try await backend.withDatabase { database throws in
            let store = database.store(namespace: "n")
            struct Broken: Error {}
            await #expect(throws: Broken.self) {
                try await store.migrate([
                    Migration(version: 1, name: "ok") { try $0.put("a", 1) },
                    Migration(version: 2, name: "broken") { _ in throw Broken() },
                ])
            }
            #expect(try await store.schemaVersion() == 0)
            #expect(try await store.get(Int.self, "a") == nil)
        }
    }

    @Test(arguments: Backend.available)
    func reportsUndecodableRecordsWithTheirKey(backend: Backend) async throws {
        try await backend.withDatabase { database in
            let store = database.store(namespace: "n")
            try await store.put("x", "text")
            let error = await #expect(throws: PersistenceError.self) { try await store.get(Int.self, "x") }
            guard case .decoding(let key, _, _)? = error else {
                Issue.record("expected a decoding error")
                return
            }
            #expect(key == "x")
        }
    }
}

/// Database files for the SQLite tests, each in a directory of its own that is removed when its test ends.
/// (A kernel's tests do not depend on FeatureKitTesting, whose `withTemporaryDirectory` the feature tests use.)
enum TemporaryFiles {
    /// Runs `body` with the URL of a database file not created yet, `<new directory>/home/folio.sqlite`, then
    /// removes the directory with everything SQLite put there, whether `body` returns or throws.
    static func withDatabaseURL<Value>(_ body: (URL) async throws -> Value) async throws -> Value {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("folio-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(directory.appendingPathComponent("home/folio.sqlite"))
    }
}

@Suite struct SearchTextTests {
    @Test func splitsASCIIAndUnicodeTheSameWay() {
        #expect(SearchText.words("HDFC Flexi-Cap_Fund (2024)") == ["hdfc", "flexi", "cap", "fund", "2024"])
        #expect(SearchText.words("Société Générale Équité") == ["societe", "generale", "equite"])
        #expect(SearchText.words("  ") == [])
        #expect(SearchText.terms(["Axis-Midcap", "DIRECT"]) == ["axis", "midcap", "direct"])
    }
}
