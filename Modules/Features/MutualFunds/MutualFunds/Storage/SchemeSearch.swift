import Foundation
import Persistence

/// A search of the stored scheme list.
public struct SchemeQuery: Sendable, Hashable {
    /// Words that must all match, each as the start of a word of the name (or a whole code or ISIN).
    public var terms: [String]
    /// Only this asset class.
    public var assetClass: AssetClass?
    /// Only fund houses whose name has words starting with each of these.
    public var house: String?
    /// Only this plan.
    public var plan: Plan?
    /// Only this option.
    public var option: PayoutOption?
    /// The most results wanted.
    public var limit: Int

    /// Creates a query.
    public init(
        terms: [String], assetClass: AssetClass? = nil, house: String? = nil, plan: Plan? = nil,
        option: PayoutOption? = nil, limit: Int = 20
    ) {
        self.terms = terms
        self.assetClass = assetClass
        self.house = house
        self.plan = plan
        self.option = option
        self.limit = limit
    }

    /// The normalised search words (`"HDFC-flexi"` → `hdfc`, `flexi`).
    public var words: [String] { SearchText.terms(terms) }
    /// The normalised words of the house filter, without "mutual" and "fund", which every house has.
    public var houseWords: [String] { house.map(SchemeSearch.houseWords) ?? [] }
    /// Whether the query says anything at all.
    public var isEmpty: Bool {
        words.isEmpty && houseWords.isEmpty && assetClass == nil && plan == nil && option == nil
    }
}

/// The outcome of a search.
public struct SchemeSearchResult: Sendable, Hashable {
    /// The best matches, best first, at most the query's limit.
    public var records: [SchemeRecord]
    /// Whether more schemes matched than were returned.
    public var hasMore: Bool
    /// How many schemes matched, when every match was ranked; nil when more matched than are ranked.
    public var matchCount: Int?

    /// Creates a result.
    public init(records: [SchemeRecord], hasMore: Bool, matchCount: Int? = nil) {
        self.records = records
        self.hasMore = hasMore
        self.matchCount = matchCount
    }
}

/// Search over the stored list in two steps: the store's text index (SQLite FTS5 in the live app) finds
/// candidates whose words start with every term, then folio checks each candidate and ranks it.
///
/// Ranking, best first: a term equal to the code or an ISIN; fewer terms that only match a word's start
/// (whole words beat prefixes); terms found in the order typed; earlier words (a name that starts with the
/// terms beats one that mentions them late); shorter names; then name and code.
///
/// Every match is ranked when there are at most ``candidateLimit(for:)`` of them, which covers any specific
/// query. A broader one ("fund", 45,000 matches) ranks the first `candidateLimit` in the order the catalog
/// stored them, which is the ranking's own order with the terms left out: fewest words, then name, then code. So the index reads only as many matches as are ranked and computes no
/// statistics, and when every match ties on how the terms fall, the result is exact. FTS5's bm25, used before,
/// cost three times as much over a broad query and ranked by nearly the same thing (a shorter text scores higher).
///
/// Filters are indexed too, as facet words (`zzclassequity`, `zzhousehdfc`) added to each scheme's search
/// text, so a filtered search asks the index only for matching schemes and a filter never starves the
/// candidate list. Facet words are never matched against the terms the user types.
public enum SchemeSearch {
    /// How many index hits are ranked at most: enough that the ranking sees every plausible match of a
    /// specific query, few enough that a broad one ("fund") stays fast.
    public static func candidateLimit(for limit: Int) -> Int { max(500, limit * 10) }

    private static let facetPrefix = "zz"

    /// The search text stored with a scheme: its name, code, ISINs and facet words.
    public static func searchText(for record: SchemeRecord) -> String {
        searchText(for: record, houseFacets: record.fundHouse.map(houseFacet) ?? "")
    }

    /// The search text with the house's facet words already worked out (there are a few dozen houses and
    /// tens of thousands of schemes).
    ///
    /// Fields are separated by U+001F, which the index treats as a word break, so the name, code and ISINs
    /// can be read back from a hit's text and ranked without decoding the stored record.
    static func searchText(for record: SchemeRecord, houseFacets: String) -> String {
        let separator = String(fieldSeparator)
        var text =
            record.name.contains(fieldSeparator)
            ? record.name.replacingOccurrences(of: separator, with: " ") : record.name
        text += separator + String(record.code)
        text += separator + (record.isinGrowth ?? "")
        text += separator + (record.isinDivReinvestment ?? "")
        text += separator
        if let value = record.assetClass { text += " " + facetPrefix + "class" + value.rawValue }
        if let value = record.plan { text += " " + facetPrefix + "plan" + value.rawValue }
        if let value = record.option { text += " " + facetPrefix + "option" + value.rawValue }
        if !houseFacets.isEmpty { text += " " + houseFacets }
        return text
    }

    static let fieldSeparator: Character = "\u{1F}"

    /// What ranking needs of a scheme, read back from its search text without copying it; nil for text stored
    /// before the fields were separated (such a list is ranked from its decoded records until it is next fetched).
    struct RankingFields {
        var name: Substring
        var code: Int
        var isinGrowth: Substring?
        var isinDivReinvestment: Substring?

        init?(searchText: String) {
            // Find the separators' byte offsets in the contiguous UTF-8 (U+001F is a control character, never part
            // of a longer grapheme), then make indices from offsets, which is constant time in native UTF-8.
            // Walking `utf8[index...]` slices cost 5,000 instructions a hit.
            var text = searchText
            let offsets: [Int] = text.withUTF8 { utf8 in
                var found: [Int] = []
                found.reserveCapacity(4)
                for (offset, byte) in utf8.enumerated() where byte == 0x1F {
                    found.append(offset)
                    if found.count == 4 { break }
                }
                return found
            }
            guard offsets.count == 4 else { return nil }
            let utf8 = searchText.utf8
            func field(_ number: Int) -> Substring {
                let start = utf8.index(utf8.startIndex, offsetBy: number == 0 ? 0 : offsets[number - 1] + 1)
                return searchText[start..<utf8.index(utf8.startIndex, offsetBy: offsets[number])]
            }
            guard let code = Int(field(1)) else { return nil }
            name = field(0)
            self.code = code
            isinGrowth = field(2).isEmpty ? nil : field(2)
            isinDivReinvestment = field(3).isEmpty ? nil : field(3)
        }

        var ranked: SchemeRanking.Fields {
            SchemeRanking.Fields(
                name: name, code: code, isinGrowth: isinGrowth, isinDivReinvestment: isinDivReinvestment)
        }
    }

    /// The facet words of a fund house: `zzhouse` + each word of its name that identifies it.
    static func houseFacet(_ house: String) -> String {
        houseWords(house).map { facetPrefix + "house" + $0 }.joined(separator: " ")
    }

    /// The words of a house's name that identify it ("Mutual Fund" does not).
    static func houseWords(_ house: String) -> [String] {
        words(house).filter { $0 != "mutual" && $0 != "fund" }
    }

    /// The words of `text` exactly as the store's index splits them (``SearchText/words(_:)``), with a fast
    /// path for ASCII text, which AMFI names almost always are: ranking splits hundreds of names per search.
    static func words(_ text: String) -> [String] {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return SearchText.words(text) }
        var result: [String] = []
        var current: [UInt8] = []
        current.reserveCapacity(24)
        for byte in utf8 {
            switch byte {
            case 0x61...0x7A, 0x30...0x39: current.append(byte)
            case 0x41...0x5A: current.append(byte + 0x20)
            default:
                if !current.isEmpty {
                    result.append(String(decoding: current, as: UTF8.self))
                    current.removeAll(keepingCapacity: true)
                }
            }
        }
        if !current.isEmpty { result.append(String(decoding: current, as: UTF8.self)) }
        return result
    }

    /// Runs `query` against the stored list in `transaction`.
    /// - Parameter candidateLimit: How many matches are ranked at most (default: ``candidateLimit(for:)``);
    ///   tests lower it to exercise a search with more matches than that.
    public static func run(
        _ query: SchemeQuery, in transaction: any StoreTransaction, candidateLimit: Int? = nil
    ) throws -> SchemeSearchResult {
        guard !query.isEmpty, query.limit > 0 else {
            return SchemeSearchResult(records: [], hasMore: false, matchCount: 0)
        }
        // The query's words are worked out from its text on each access; once is enough.
        let words = query.words
        let houseWords = query.houseWords
        // Class, plan and option facets are whole words (a prefix query costs more); the house filter matches
        // word starts, as typed terms do.
        let prefixTerms = words + houseWords.map { facetPrefix + "house" + $0 }
        var facetWords: [String] = []
        if let value = query.assetClass { facetWords.append(facetPrefix + "class" + value.rawValue) }
        if let value = query.plan { facetWords.append(facetPrefix + "plan" + value.rawValue) }
        if let value = query.option { facetWords.append(facetPrefix + "option" + value.rawValue) }
        let candidateLimit = candidateLimit ?? Self.candidateLimit(for: query.limit)
        let range = KeyRange.prefix(SchemeCatalog.recordPrefix)
        let candidates = try transaction.firstSearchHits(
            prefixTerms, wholeWords: facetWords, in: range, limit: candidateLimit)
        var fields: [SchemeRanking.Fields] = []
        fields.reserveCapacity(candidates.hits.count)
        for hit in candidates.hits {
            guard let parsed = RankingFields(searchText: hit.text) else {
                let records = try transaction.search(prefixTerms + facetWords, in: range, limit: candidateLimit)
                return rank(try decode(records), query: query, indexWasCut: records.count >= candidateLimit)
            }
            fields.append(parsed.ranked)
        }
        // The index already applied the filters (as facet words), so only the kept hits are read and decoded.
        let order = SchemeRanking(words: words).order(fields)
        let kept = try order.prefix(query.limit).compactMap { try transaction.get(candidates.hits[$0].key) }
        return SchemeSearchResult(
            records: try decode(kept).filter { matchesFilters($0, query: query, houseWords: houseWords) },
            hasMore: order.count > query.limit || candidates.hasMore, matchCount: candidates.hasMore ? nil : order.count
        )
    }

    /// Where a scheme goes in the order the catalog stores the list, so that a search with more matches than it
    /// ranks ranks the likeliest: the ranking's tie-breakers that do not depend on the terms (fewest words, then
    /// the lower-cased name, then the code), compared as tuples.
    static func preselectionKey(_ record: SchemeRecord) -> (words: Int, name: String, code: Int) {
        (words(record.name).count, record.name.lowercased(), record.code)
    }

    /// Decodes the hits as one JSON array (one decoder for hundreds of records, not one each); if that fails,
    /// record by record, leaving out any that cannot be read (a later list refresh rewrites them).
    static func decode(_ hits: [RawRecord]) throws -> [SchemeRecord] {
        // Bytes appended one by one, not `Data("[".utf8)`: that asks the runtime whether `String.UTF8View`
        // is `ContiguousBytes`, a scan of every conformance record on Linux.
        var array = Data()
        array.append(UInt8(ascii: "["))
        array.reserveCapacity(hits.reduce(2) { $0 + $1.value.count + 1 })
        for (index, hit) in hits.enumerated() {
            if index > 0 { array.append(UInt8(ascii: ",")) }
            array.append(hit.value)
        }
        array.append(UInt8(ascii: "]"))
        if let records = try? JSONDecoder().decode([SchemeRecord].self, from: array) { return records }
        return hits.compactMap { try? RecordCoding.decode(SchemeRecord.self, from: $0.value, key: $0.key) }
    }

    /// Checks and orders candidates (exposed so the ranking can be tested on its own).
    public static func rank(
        _ candidates: [SchemeRecord], query: SchemeQuery, indexWasCut: Bool = false
    )
        -> SchemeSearchResult
    {
        let houseWords = query.houseWords
        let filtered = candidates.filter { matchesFilters($0, query: query, houseWords: houseWords) }
        let order = SchemeRanking(words: query.words).order(filtered.map(rankingFields))
        return SchemeSearchResult(
            records: order.prefix(query.limit).map { filtered[$0] }, hasMore: order.count > query.limit || indexWasCut,
            matchCount: indexWasCut ? nil : order.count)
    }

    static func rankingFields(_ record: SchemeRecord) -> SchemeRanking.Fields {
        SchemeRanking.Fields(
            name: record.name[...], code: record.code, isinGrowth: record.isinGrowth?[...],
            isinDivReinvestment: record.isinDivReinvestment?[...])
    }

    private static func matchesFilters(_ record: SchemeRecord, query: SchemeQuery, houseWords: [String]) -> Bool {
        if let value = query.assetClass, record.assetClass != value { return false }
        if let value = query.plan, record.plan != value { return false }
        if let value = query.option, record.option != value { return false }
        if !houseWords.isEmpty {
            guard let house = record.fundHouse else { return false }
            let words = self.houseWords(house)
            for term in houseWords where !words.contains(where: { $0.hasPrefix(term) }) { return false }
        }
        return true
    }
}
