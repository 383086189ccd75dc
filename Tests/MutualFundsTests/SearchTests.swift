import Foundation
import NetworkingTesting
import Persistence
import Testing
import Timing

@testable import MutualFunds

@Suite("Searching the stored scheme list")
struct SearchTests {
    /// An in-memory store holding the 50-scheme sample plus a few schemes that exercise the ranking.
    static func store() async throws -> any KeyValueStore {
        let store = InMemoryDatabase().store(namespace: "funds")
        var scheme = try MFAPIDecoding.schemeList(from: Fixtures.data("mfapi/list_sample_first50.json"))
        scheme.schemes += [
            Scheme(
                code: 122639, name: "Parag Parikh Flexi Cap Fund - Direct Plan - Growth", isinGrowth: "INF879O01027"),
            Scheme(code: 122640, name: "Parag Parikh Flexi Cap Fund - Regular Plan - Growth"),
            Scheme(code: 129000, name: "HDFC Flexi Cap Fund - Direct Plan - Growth Option"),
            Scheme(code: 129001, name: "HDFC Flexible Savings Fund - Growth"),
            Scheme(code: 129002, name: "Flexi HDFC Opportunities Fund - Growth"),
        ]
        let list = scheme
        try await store.write { transaction in
            try SchemeCatalog.replace(with: list, expiresAt: Date(timeIntervalSince1970: 2e9), in: transaction)
        }
        return store
    }

    func search(_ query: SchemeQuery, in store: any KeyValueStore) async throws -> [Int] {
        try await store.read { try SchemeSearch.run(query, in: $0) }.records.map(\.code)
    }

    @Test("every term must match the start of a word of the name")
    func allTermsAsWordPrefixes() async throws {
        let store = try await Self.store()
        let codes = try await search(SchemeQuery(terms: ["birla", "liq"]), in: store)
        #expect(!codes.isEmpty)
        let records = try await store.read { transaction in
            try codes.map { try SchemeCatalog.record(code: $0, in: transaction)! }
        }
        for record in records {
            let words = SearchText.words(record.name)
            #expect(
                words.contains { $0.hasPrefix("birla") } && words.contains { $0.hasPrefix("liq") }, "\(record.name)")
        }
        #expect(records.count == 11)
        #expect(try await search(SchemeQuery(terms: ["dsp", "liquid"]), in: store).isEmpty)
        #expect(try await search(SchemeQuery(terms: ["quid"]), in: store).isEmpty, "not a word prefix")
        #expect(try await search(SchemeQuery(terms: ["BARODA"]), in: store) == [100069, 100068], "shorter name first")
    }

    @Test("best matches first: whole words, order typed, early words, short names")
    func ranking() async throws {
        let store = try await Self.store()
        let flexi = try await search(SchemeQuery(terms: ["hdfc", "flexi"]), in: store)
        // Whole word "flexi" in order beats the prefix match in "Flexible" and the reversed order.
        #expect(flexi == [129000, 129002, 129001])
        #expect(try await search(SchemeQuery(terms: ["gilt"]), in: store).first == 100084)
        let parag = try await search(SchemeQuery(terms: ["parag", "direct"]), in: store)
        #expect(parag == [122639])
    }

    @Test("a code or an ISIN finds its scheme first")
    func identifiers() async throws {
        let store = try await Self.store()
        #expect(try await search(SchemeQuery(terms: ["122639"]), in: store) == [122639])
        #expect(try await search(SchemeQuery(terms: ["INF740K01615"]), in: store) == [100084])
        #expect(try await search(SchemeQuery(terms: ["inf879o01027", "parag"]), in: store) == [122639])
    }

    @Test("filters: category, house, plan and option (IDCW includes 'Dividend')")
    func filters() async throws {
        let store = try await Self.store()
        let hybrid = try await search(SchemeQuery(terms: [], assetClass: .hybrid), in: store)
        #expect(hybrid == [100081, 100082])
        let dspDebt = try await search(
            SchemeQuery(terms: ["fund"], assetClass: .debt, house: "dsp", limit: 50), in: store)
        #expect(Set(dspDebt) == [100077, 100078, 100079, 100084, 100085, 100086, 100087, 100088])
        let direct = try await search(SchemeQuery(terms: ["flexi"], plan: .direct), in: store)
        #expect(direct == [129000, 122639], "flexi is the 2nd word of the HDFC name, the 3rd of the PPFAS one")
        let dividends = try await search(SchemeQuery(terms: ["grindlays"], option: .idcw), in: store)
        #expect(Set(dividends) == [100027, 100028, 100030, 100031])
        let standardChartered = try await search(SchemeQuery(terms: [], house: "standard chart"), in: store)
        #expect(standardChartered.count == 6)
        #expect(try await search(SchemeQuery(terms: [], house: "ppfas", plan: .regular), in: store) == [122640])
    }

    @Test("the limit, and whether more matched")
    func limit() async throws {
        let store = try await Self.store()
        let result = try await store.read { try SchemeSearch.run(SchemeQuery(terms: ["aditya"], limit: 3), in: $0) }
        #expect(result.records.count == 3)
        #expect(result.hasMore)
        let all = try await store.read { try SchemeSearch.run(SchemeQuery(terms: ["dsp"], limit: 50), in: $0) }
        #expect(all.records.count == 11)
        #expect(!all.hasMore)
    }

    @Test("facet words never match what the user types")
    func facetsAreHidden() async throws {
        let store = try await Self.store()
        #expect(try await search(SchemeQuery(terms: ["zzclassequity"]), in: store).isEmpty)
        #expect(try await search(SchemeQuery(terms: ["zz"]), in: store).isEmpty)
        #expect(try await search(SchemeQuery(terms: ["-", "&"]), in: store).isEmpty)
    }

    @Test("replacing the list removes schemes that are gone and keeps the info")
    func replace() async throws {
        let store = try await Self.store()
        let expiry = Date(timeIntervalSince1970: 3e9)
        try await store.write { transaction in
            try SchemeCatalog.replace(
                with: SchemeList(schemes: [Scheme(code: 1, name: "Only Fund")], skippedRows: 2), expiresAt: expiry,
                in: transaction)
        }
        let (info, count, gone) = try await store.read { transaction in
            (
                try SchemeCatalog.info(in: transaction), try transaction.count(.prefix(SchemeCatalog.recordPrefix)),
                try SchemeCatalog.record(code: 122639, in: transaction)
            )
        }
        #expect(info?.value == SchemeListInfo(count: 1, skippedRows: 2))
        #expect(info?.expiresAt == expiry)
        #expect(count == 1)
        #expect(gone == nil)
        #expect(try await search(SchemeQuery(terms: ["parag"]), in: store).isEmpty)
        let cleared = try await store.write { try SchemeCatalog.clear(in: $0) }
        #expect(cleared == 1)
        #expect(try await store.read { try SchemeCatalog.info(in: $0) } == nil)
    }
}

@Suite("Search edge cases")
struct SearchEdgeTests {
    @Test("a house filter of only 'Mutual Fund' filters nothing; accents and case are ignored")
    func houseAndAccents() async throws {
        let store = try await SearchTests.store()
        let all = try await store.read {
            try SchemeSearch.run(SchemeQuery(terms: ["dsp"], house: "Mutual Fund", limit: 100), in: $0)
        }
        #expect(all.records.count == 11)
        let accented = try await store.read {
            try SchemeSearch.run(SchemeQuery(terms: ["DSP", "GÍLT"], limit: 100), in: $0)
        }
        #expect(accented.records.map(\.code) == [100084, 100085, 100086])
        #expect(SchemeQuery(terms: [], house: "mutual fund").isEmpty)
    }

    @Test("ASCII word splitting agrees with the index's")
    func words() {
        for name in [
            "Aditya Birla Sun Life Liquid Fund -Institutional - weekly  IDCW",
            "HDFC FMP 371D October 2012 (1)-Flexi Option",
            "ICICI Prudential Child Care Fund (Gift Plan)", "L&T Emerging Businesses Fund", "Children's Gift Fund",
        ] {
            #expect(SchemeSearch.words(name) == SearchText.words(name), "\(name)")
        }
        #expect(SchemeSearch.words("Café Crème Fund") == SearchText.words("Café Crème Fund"))
    }

    @Test("scoring an ASCII name as bytes gives what scoring its words as Strings gives, and names order alike")
    func asciiScoringMatchesGeneralScoring() throws {
        let sample = try MFAPIDecoding.schemeList(from: Fixtures.data("mfapi/list_sample_first50.json")).schemes
        let names =
            sample.map(\.name) + [
                "Aditya Birla Sun Life Liquid Fund -Institutional - weekly  IDCW",
                "HDFC FMP 371D October 2012 (1)-Flexi Option",
                "L&T Emerging Businesses Fund", "Children's Gift Fund", "  Flexi  ", "", "122639 Index Fund 2",
            ]
        let queries: [[String]] = [
            ["hdfc", "flexi"], ["flexi", "hdfc"], ["fund"], ["f"], ["gift", "child"], ["122639"], ["inf879o01027"],
            ["2012", "fmp"], ["idcw", "weekly", "liquid"], ["zzz"], ["children", "s"], ["index", "2"],
        ]
        for name in names {
            for terms in queries {
                let ranking = SchemeRanking(words: terms)
                let fields = SchemeRanking.Fields(
                    name: name[...], code: 122639, isinGrowth: "INF879O01027", isinDivReinvestment: nil)
                #expect(ranking.score(fields) == ranking.generalScore(fields), "\(name) / \(terms)")
            }
        }
        let sorted = ["hdfc Fund", "HDFC fund", "Axis", "axis b", "Édition", "édition a", "Zeta"].map { $0[...] }
        for left in sorted {
            for right in sorted {
                let expected = left.lowercased() == right.lowercased() ? nil : left.lowercased() < right.lowercased()
                #expect(SchemeRanking.lowercasedOrder(left, right) == expected, "\(left) / \(right)")
            }
        }
    }

    @Test(
        "ranking on the indexed text gives what ranking the decoded records gives",
        arguments: [
            SchemeQuery(terms: ["hdfc", "flexi"]), SchemeQuery(terms: ["fund"], limit: 7),
            SchemeQuery(terms: ["flexi"], plan: .direct, limit: 5), SchemeQuery(terms: ["INF879O01027"]),
            SchemeQuery(terms: ["growth"], house: "aditya", limit: 4), SchemeQuery(terms: ["122639"]),
        ])
    func textRankingMatchesRecordRanking(query: SchemeQuery) async throws {
        let store = try await SearchTests.store()
        let fast = try await store.read { try SchemeSearch.run(query, in: $0) }
        let full = try await store.read { transaction in
            var terms = query.words
            if let plan = query.plan { terms.append("zzplan" + plan.rawValue) }
            terms += query.houseWords.map { "zzhouse" + $0 }
            let hits = try transaction.search(
                terms, in: KeyRange.prefix(SchemeCatalog.recordPrefix),
                limit: SchemeSearch.candidateLimit(for: query.limit))
            return SchemeSearch.rank(try SchemeSearch.decode(hits), query: query)
        }
        #expect(!fast.records.isEmpty)
        #expect(fast.records.map { $0.code } == full.records.map { $0.code })
        #expect(fast.hasMore == full.hasMore)
    }

    @Test(
        "a search with more matches than it ranks ranks the first in preselection order",
        arguments: [
            (SchemeQuery(terms: ["fund"], limit: 3), 5), (SchemeQuery(terms: ["growth"], plan: .regular, limit: 2), 4),
            (SchemeQuery(terms: ["hdfc"], limit: 1), 2), (SchemeQuery(terms: ["flexi"], limit: 5), 3),
        ])
    func broadSearchRanksThePreselectedCandidates(query: SchemeQuery, candidateLimit: Int) async throws {
        let store = try await SearchTests.store()
        let cut = try await store.read { try SchemeSearch.run(query, in: $0, candidateLimit: candidateLimit) }
        let all = try await store.read { try $0.scan(SchemeRecord.self, .prefix(SchemeCatalog.recordPrefix)) }
            .map(\.value)
        let matching = SchemeSearch.rank(
            all,
            query: SchemeQuery(
                terms: query.terms, assetClass: query.assetClass, house: query.house, plan: query.plan,
                option: query.option, limit: .max)
        ).records
        #expect(matching.count > candidateLimit)
        let preselected = matching.sorted { SchemeSearch.preselectionKey($0) < SchemeSearch.preselectionKey($1) }
            .prefix(candidateLimit)
        let expected = SchemeSearch.rank(Array(preselected), query: query)
        #expect(cut.records.map(\.code) == expected.records.map(\.code))
        #expect(cut.hasMore)
    }

    @Test("the catalog stores schemes in preselection order")
    func catalogStoresInPreselectionOrder() async throws {
        let store = try await SearchTests.store()
        let stored = try await store.read { transaction in
            try transaction.firstSearchHits(
                ["fund"], wholeWords: [], in: .prefix(SchemeCatalog.recordPrefix), limit: .max
            ).hits.map { try #require(SchemeSearch.RankingFields(searchText: $0.text)) }
        }
        #expect(stored.count > 40)
        let keys = stored.map { fields in
            SchemeSearch.preselectionKey(SchemeRecord(Scheme(code: fields.code, name: String(fields.name))))
        }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 })
        #expect(keys.first?.words ?? 0 < keys.last?.words ?? 0)
    }

    @Test("a list indexed before the text had fields is still searched, ranked from its records")
    func textWithoutFieldsFallsBack() async throws {
        let store = InMemoryDatabase().store(namespace: "funds")
        let records = [
            SchemeRecord(Scheme(code: 100, name: "HDFC Flexi Cap Fund - Growth")),
            SchemeRecord(Scheme(code: 101, name: "Flexi HDFC Fund - Growth")),
        ]
        try await store.write { transaction in
            for record in records {
                try transaction.put(
                    SchemeCatalog.key(code: record.code), record,
                    searchText: record.name + " " + String(record.code))
            }
        }
        let found = try await store.read { try SchemeSearch.run(SchemeQuery(terms: ["hdfc", "flexi"]), in: $0) }
        #expect(found.records.map { $0.code } == [100, 101])
    }

    @Test("the indexed text carries name, code and ISINs, whatever the name holds")
    func rankingFieldsRoundTrip() throws {
        let record = SchemeRecord(
            Scheme(code: 122639, name: "Odd\u{1F}Name Fund", isinGrowth: "INF879O01027", isinDivReinvestment: nil))
        let fields = try #require(SchemeSearch.RankingFields(searchText: SchemeSearch.searchText(for: record)))
        #expect(fields.name == "Odd Name Fund")
        #expect(fields.code == 122639)
        #expect(fields.isinGrowth == "INF879O01027")
        #expect(fields.isinDivReinvestment == nil)
        #expect(SchemeSearch.RankingFields(searchText: "Plain old text 122639") == nil)
    }
}
