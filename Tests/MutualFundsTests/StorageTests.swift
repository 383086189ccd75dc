import Foundation
import Money
import MutualFunds
import Persistence
import PersistenceTesting
import Testing
import Timing

@Suite("Cached histories and favorites")
struct StorageTests {
    /// 122639's recorded history saved at 1000 s, fresh until 2800 s, in a store of its own.
    static func stored122639() async throws -> (NAVHistory, any KeyValueStore) {
        let history = try TestData.fixtureHistory("scheme_122639_history_full_3266pts.json", code: 122639)
        let store = InMemoryDatabase(now: { Date(timeIntervalSince1970: 1000) }).store(namespace: "funds")
        try await store.write { try HistoryCache.save(history, expiresAt: Date(timeIntervalSince1970: 2800), in: $0) }
        return (history, store)
    }

    @Test("a history round-trips exactly through its compact stored form")
    func historyRoundTrip() async throws {
        let (history, store) = try await Self.stored122639()
        let entry = try #require(try await store.read { try HistoryCache.entry(code: 122639, in: $0) })
        #expect(entry.value == history)
        #expect(entry.value.series == history.series)
        #expect(entry.storedAt == Date(timeIntervalSince1970: 1000))
        #expect(entry.expiresAt == Date(timeIntervalSince1970: 2800))
        let summaries = try await store.read { try HistoryCache.summaries(in: $0) }
        #expect(summaries.map(\.code) == [122639])
        #expect(summaries.first?.points == 3266)
        #expect(summaries.first?.latestNAVDate?.iso8601 == "2026-09-04")
        #expect(try await store.read { try HistoryCache.entry(code: 1, in: $0) } == nil)
    }

    @Test("beside each history its newest NAV and meta, read without the history; cleared with it")
    func latestBeside() async throws {
        let (history, store) = try await Self.stored122639()
        let latest = try #require(try await store.read { try HistoryCache.latest(code: 122639, in: $0) })
        #expect(latest.latest == history.latest && latest.series.count == 1 && latest.meta == history.meta)
        let record = try await store.read { try $0.get(HistoryCache.latestPrefix + "000122639") }
        #expect((record?.value.count ?? .max) < 1000, "a few hundred bytes, not the history's 46 KB")
        // A history stored by an older folio, without the record beside it: its newest NAV from the history.
        try await store.write { try $0.delete(HistoryCache.latestPrefix + "000122639") }
        #expect(try await store.read { try HistoryCache.latest(code: 122639, in: $0) } == latest)
        #expect(try await store.read { try HistoryCache.latest(code: 1, in: $0) } == nil)
        try await store.write { try HistoryCache.save(history, expiresAt: nil, in: $0) }
        #expect(try await store.write { try HistoryCache.clear(in: $0) } == 1)
        #expect(try await store.read { try $0.count(.prefix(HistoryCache.latestPrefix)) } == 0)
    }

    @Test("a server's memory of decoded histories gives what the store holds now: a rewritten history is read anew")
    func decodedHistoriesFollowTheStore() async throws {
        let store = InMemoryDatabase().store(namespace: "funds")
        let memory = DecodedRecords()
        let first = TestData.history([("2024-01-01", "10"), ("2024-01-02", "11")])
        try await store.write { try HistoryCache.save(first, expiresAt: nil, in: $0) }
        let read = { try await store.read { try HistoryCache.entry(code: 1, in: $0, decoded: memory) }?.value }
        #expect(try await read() == first)
        #expect(try await read() == first)
        #expect(memory.count == 1)
        let second = TestData.history([("2024-01-01", "10"), ("2024-01-02", "12"), ("2024-01-03", "13")])
        try await store.write { try HistoryCache.save(second, expiresAt: nil, in: $0) }
        #expect(try await read() == second)
        _ = try await store.write { try HistoryCache.clear(in: $0) }
        #expect(try await read() == nil)
    }

    @Test("NAVs with more decimals than the API's five survive storage")
    func precision() async throws {
        let history = TestData.history([("2024-01-01", "10.12345678"), ("2024-01-02", "1234.5")])
        let store = InMemoryDatabase().store(namespace: "funds")
        try await store.write { try HistoryCache.save(history, expiresAt: nil, in: $0) }
        let back = try #require(try await store.read { try HistoryCache.entry(code: 1, in: $0) })
        #expect(back.value.points.map(\.nav) == [Amount("10.12345678")!, Amount("1234.5")!])
    }

    @Test("a failed write leaves the previous list whole")
    func atomicListReplace() async throws {
        let base = InMemoryDatabase().store(namespace: "funds")
        try await base.write {
            try SchemeCatalog.replace(
                with: SchemeList(schemes: [Scheme(code: 1, name: "Old Fund")]), expiresAt: Date(), in: $0)
        }
        let flaky = FlakyStore(base: base, allowedWrites: 0)
        await #expect(throws: (any Error).self) {
            try await flaky.write {
                try SchemeCatalog.replace(
                    with: SchemeList(schemes: [Scheme(code: 2, name: "New Fund")]), expiresAt: Date(), in: $0)
            }
        }
        struct Boom: Error {}
        await #expect(throws: Boom.self) {
            try await base.write { transaction in
                try SchemeCatalog.replace(
                    with: SchemeList(schemes: [Scheme(code: 3, name: "Newer Fund")]), expiresAt: Date(), in: transaction
                )
                throw Boom()
            }
        }
        let codes = try await base.read {
            try $0.scan(SchemeRecord.self, .prefix(SchemeCatalog.recordPrefix)).map(\.value.code)
        }
        #expect(codes == [1])
    }

    @Test("favorites: add once, list in code order, remove")
    func favorites() async throws {
        let store = InMemoryDatabase().store(namespace: "funds")
        let now = Date(timeIntervalSince1970: 5)
        #expect(
            try await store.write {
                try FavoritesStore.add(Favorite(code: 122639, name: "PPFAS", addedAt: now), in: $0)
            })
        #expect(
            try await store.write {
                try FavoritesStore.add(Favorite(code: 100027, name: "Grindlays", addedAt: now), in: $0)
            })
        #expect(
            !(try await store.write {
                try FavoritesStore.add(Favorite(code: 122639, name: "again", addedAt: now), in: $0)
            }))
        #expect(try await store.read { try FavoritesStore.all(in: $0) }.map(\.code) == [100027, 122639])
        #expect(try await store.write { try FavoritesStore.remove(code: 122639, in: $0) }?.name == "PPFAS")
        #expect(try await store.write { try FavoritesStore.remove(code: 122639, in: $0) } == nil)
        // Clearing the cache never touches favorites.
        _ = try await store.write { (try SchemeCatalog.clear(in: $0), try HistoryCache.clear(in: $0)) }
        #expect(try await store.read { try FavoritesStore.all(in: $0) }.map(\.code) == [100027])
    }
}
