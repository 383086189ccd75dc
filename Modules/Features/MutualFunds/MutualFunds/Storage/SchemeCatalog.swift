import Foundation
import Persistence

/// A scheme from the list as stored for search: the API's fields plus its classification, worked out once
/// when the list is saved rather than on every search.
public struct SchemeRecord: Sendable, Hashable, Codable {
    /// The scheme code.
    public var code: Int
    /// The name as published.
    public var name: String
    /// The growth plan's ISIN.
    public var isinGrowth: String?
    /// The dividend-reinvestment plan's ISIN.
    public var isinDivReinvestment: String?
    /// The fund house, when the name names one.
    public var fundHouse: String?
    /// The asset class, when the name says.
    public var assetClass: AssetClass?
    /// The plan, when the name says.
    public var plan: Plan?
    /// The option, when the name says.
    public var option: PayoutOption?

    /// Classifies a scheme from the list.
    public init(_ scheme: Scheme) {
        let profile = SchemeClassifier.profile(name: scheme.name)
        code = scheme.code
        name = scheme.name
        isinGrowth = scheme.isinGrowth
        isinDivReinvestment = scheme.isinDivReinvestment
        fundHouse = profile.fundHouse
        assetClass = profile.assetClass
        plan = profile.plan
        option = profile.option
    }
}

/// What is known about the stored list as a whole; its entry's `storedAt` is when the list was fetched and
/// its `expiresAt` when it stops being fresh.
public struct SchemeListInfo: Sendable, Hashable, Codable {
    /// The storage layout version; a list stored by another layout is treated as absent.
    public var layout: Int
    /// Schemes stored.
    public var count: Int
    /// Rows of the API's answer that were unusable.
    public var skippedRows: Int

    /// Creates the info.
    public init(layout: Int = SchemeCatalog.layout, count: Int, skippedRows: Int) {
        self.layout = layout
        self.count = count
        self.skippedRows = skippedRows
    }
}

/// The scheme list kept as one searchable record per scheme (`list/scheme/000122639`), so a search reads a
/// few hundred index hits instead of decoding a 6.8 MB list, plus one `list/info` record whose freshness is
/// the list's.
public enum SchemeCatalog {
    /// The current layout version.
    public static let layout = 1
    /// The key of the list's info record.
    public static let infoKey = "list/info"
    /// The key prefix of scheme records.
    public static let recordPrefix = "list/scheme/"

    /// The key of a scheme's record: the code zero-padded so keys sort by code.
    public static func key(code: Int) -> String {
        let digits = String(code)
        return recordPrefix + String(repeating: "0", count: max(0, 9 - digits.count)) + digits
    }

    /// Replaces the stored list with `list` in the caller's transaction (call it inside one `write`, so a
    /// failure leaves the previous list whole).
    public static func replace(with list: SchemeList, expiresAt: Date, in transaction: any StoreTransaction) throws {
        try transaction.delete(.prefix(recordPrefix))
        // One encoder and one facet string per house for the whole list, not one per scheme.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var houseFacets: [String: String] = [:]
        // Stored in the search's preselection order: a search that matches more schemes than it ranks ranks the
        // first ones stored.
        let records = list.schemes.map(SchemeRecord.init)
            .map { (record: $0, key: SchemeSearch.preselectionKey($0)) }
            .sorted { $0.key < $1.key }
            .map(\.record)
        for record in records {
            let key = key(code: record.code)
            let value: Data
            do {
                value = try encoder.encode(record)
            } catch {
                throw PersistenceError.encoding(key: key, type: "SchemeRecord", reason: "\(error)")
            }
            var facets = ""
            if let house = record.fundHouse {
                if let known = houseFacets[house] {
                    facets = known
                } else {
                    facets = SchemeSearch.houseFacet(house)
                    houseFacets[house] = facets
                }
            }
            try transaction.put(
                key, value: value, expiresAt: nil, searchText: SchemeSearch.searchText(for: record, houseFacets: facets)
            )
        }
        try transaction.put(
            infoKey, SchemeListInfo(count: list.schemes.count, skippedRows: list.skippedRows), expiresAt: expiresAt)
    }

    /// The list's info entry, or nil when no list (of this layout) is stored.
    public static func info(in transaction: any StoreTransaction) throws -> Entry<SchemeListInfo>? {
        guard let entry = try? transaction.get(SchemeListInfo.self, infoKey), entry.value.layout == layout else {
            return nil
        }
        return entry
    }

    /// The stored record for `code`, if the list has it.
    public static func record(code: Int, in transaction: any StoreTransaction) throws -> SchemeRecord? {
        try transaction.value(SchemeRecord.self, key(code: code))
    }

    /// Removes the list; returns how many records went.
    @discardableResult
    public static func clear(in transaction: any StoreTransaction) throws -> Int {
        let removed = try transaction.delete(.prefix(recordPrefix))
        try transaction.delete(infoKey)
        return removed
    }
}
