import Foundation
import Persistence
import PersistencePostgresTesting
import Testing

@testable import PersistencePostgres

/// Search on a real server over enough records that its terms are broad: the contract suite's handfuls of
/// records all take the rare-term plan, so these check the plan for broad terms, and both against the
/// in-memory backend, which states the contract plainly.
@Suite(.enabled(if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.skipReason)))
struct PostgresSearchTests {
    /// More than the 2,000 matches that make a term broad, and more than the 10,000 search words that make a
    /// transaction a load (so the statistics are refreshed after it, as after loading the funds catalogue).
    static let count = 2_600

    /// A fund-like name: every one is "flexi" and "direct", a third "growth", a fifth "idcw"; the number makes
    /// a few rare.
    static func text(_ index: Int) -> String {
        "Scheme \(index) Flexi Cap Fund - Direct Plan" + (index % 3 == 0 ? " Growth" : "")
            + (index % 5 == 0 ? " IDCW" : "") + (index % 7 == 0 ? " Débt" : "")
    }

    /// Stores the same records, in the same order, in `store`: keys not in stored order, records outside the
    /// searched range and without search text among them, then some replaced (keeping their place) and some
    /// deleted and stored again (moving last).
    static func load(_ store: any KeyValueStore) async throws {
        try await store.write { transaction in
            for index in 0..<count {
                // 7919 is prime to the count: the keys' order is not the order they are stored in.
                let number = (index * 7919) % count
                try transaction.put("s/\(number)", number, searchText: text(number))
                if index % 100 == 0 { try transaction.put("other/\(number)", number, searchText: text(number)) }
                if index % 250 == 0 { try transaction.put("plain/\(number)", number) }
            }
        }
        try await store.write { transaction in
            for number in stride(from: 0, to: count, by: 11) {
                try transaction.put("s/\(number)", -number, searchText: text(number) + " Replaced")
            }
            for number in stride(from: 5, to: count, by: 13) {
                try transaction.delete("s/\(number)")
                try transaction.put("s/\(number)", number, searchText: text(number) + " Again")
            }
        }
    }

    struct Query: Sendable, CustomStringConvertible {
        var terms: [String]
        var wholeWords: [String] = []
        var limit: Int
        var range: KeyRange = .prefix("s/")
        var description: String { "\(terms) \(wholeWords) limit \(limit)" }
    }

    static let queries: [Query] = [
        // Broad terms only: records read in stored order.
        Query(terms: ["flex", "dir"], limit: 10),
        Query(terms: ["flex", "dir"], limit: 0),
        Query(terms: ["FLEXI-cap"], wholeWords: ["plan"], limit: 40),
        Query(terms: ["scheme", "fund"], limit: 40, range: .all),
        // Broad terms that match together far less often than apart.
        Query(terms: ["growth", "idcw", "flexi"], limit: 30),
        Query(terms: ["fund"], wholeWords: ["flexi", "direct"], limit: 5, range: KeyRange(from: "s/1", to: "s/2")),
        // A rare term drives.
        Query(terms: ["flex", "dir", "259"], limit: 500),
        Query(terms: ["deb", "again"], limit: 3),
        Query(terms: ["flex"], wholeWords: ["replaced"], limit: 1_000),
        Query(terms: ["flex"], wholeWords: ["repl"], limit: 10),
        Query(terms: ["flex", "zzz"], limit: 10),
        // A limit past every match: each term counts as rare.
        Query(terms: ["flex", "dir"], limit: 3_000),
    ]

    @Test func firstSearchHitsAgreeWithTheInMemoryBackendForBroadAndRareTerms() async throws {
        try await Self.expectAgreement(Self.queries) { query, transaction in
            try transaction.firstSearchHits(
                query.terms, wholeWords: query.wholeWords, in: query.range, limit: query.limit)
        }
    }

    @Test func rankedSearchAgreesWithTheInMemoryBackendForBroadAndRareTerms() async throws {
        try await Self.expectAgreement(Self.queries.filter(\.wholeWords.isEmpty)) { query, transaction in
            try transaction.searchHits(query.terms, in: query.range, limit: query.limit)
        }
    }

    /// Loads the same records into both backends and expects `read` to give the same for each query.
    static func expectAgreement<Result: Sendable & Equatable>(
        _ queries: [Query], _ read: @escaping @Sendable (Query, any StoreTransaction) throws -> Result
    ) async throws {
        let expected = InMemoryDatabase().store(namespace: "funds")
        try await load(expected)
        try await PostgresTestDatabase.withDatabase { database in
            let store = database.store(namespace: "funds")
            try await load(store)
            for query in queries {
                let want = try await expected.read { try read(query, $0) }
                let got = try await store.read { try read(query, $0) }
                #expect(got == want, "\(query)")
            }
        }
    }

    @Test func aVersionOneDatabaseGainsTheSearchIndexes() async throws {
        try await PostgresTestDatabase.withSchemaURL { url in
            // The layout as version 1 left it: the same tables without the indexes version 2 adds.
            let old = try PostgresDatabase(url: url)
            try await old.store(namespace: "funds").put("s/1", 1, searchText: "Flexi Cap")
            try await old.withConnection(namespace: "funds") { transaction in
                let schema = transaction.tables.quotedSchema
                try transaction.execute("DROP INDEX \(schema).folio_search_words_by_key_word")
                try transaction.execute("DROP INDEX \(schema).folio_records_by_stored_order")
                try transaction.execute("UPDATE \(transaction.tables.version) SET version = 1")
            }
            await old.close()

            let database = try PostgresDatabase(url: url)
            let hits = try await database.store(namespace: "funds").read { transaction in
                try transaction.firstSearchHits(["flex"], wholeWords: ["cap"], in: .all, limit: 5)
            }
            let (indexes, versions) = try await database.withConnection(namespace: "funds") { transaction in
                // The test schema's name is Folio's own `folio_test_<hex>`: safe to write into the statement.
                let indexes = try transaction.rows(
                    """
                    SELECT 1 FROM pg_indexes WHERE schemaname = '\(transaction.tables.schema)'
                    AND indexname IN ('folio_search_words_by_key_word', 'folio_records_by_stored_order')
                    """)
                let versions = try transaction.rows(
                    "SELECT 1 FROM \(transaction.tables.version) WHERE version = \(PostgresSchema.version)")
                return (indexes.count, versions.count)
            }
            await database.close()
            #expect(hits == SearchHitList(hits: [SearchHit(key: "s/1", text: "Flexi Cap")], hasMore: false))
            #expect(indexes == 2)
            #expect(versions == 1)
        }
    }
}
