import Foundation
import Money
import Timing

/// One scheme found by a search: a row of `folio funds search --format json` and of `/api/funds/search`.
public struct SchemeRow: Codable, Sendable, Equatable {
    /// The scheme code.
    public var code: Int
    /// The scheme's name.
    public var name: String
    /// The fund house.
    @NullEncodable public var fundHouse: String?
    /// The asset class.
    @NullEncodable public var category: AssetClass?
    /// Direct or regular.
    @NullEncodable public var plan: Plan?
    /// Growth or IDCW.
    @NullEncodable public var option: PayoutOption?
    /// The growth option's ISIN.
    @NullEncodable public var isinGrowth: String?
    /// The IDCW reinvestment ISIN.
    @NullEncodable public var isinDivReinvestment: String?

    /// The row of a stored scheme.
    public init(_ record: SchemeRecord) {
        code = record.code
        name = record.name
        fundHouse = record.fundHouse
        category = record.assetClass
        plan = record.plan
        option = record.option
        isinGrowth = record.isinGrowth
        isinDivReinvestment = record.isinDivReinvestment
    }

    /// The columns of the CSV form, in order.
    public static let columns = [
        "code", "name", "fundHouse", "category", "plan", "option", "isinGrowth", "isinDivReinvestment",
    ]
}

/// A search's result: the schemes found (best first), whether more matched, and the list they came from.
public struct SchemeSearchReport: Codable, Sendable, Equatable {
    /// The schemes found, best first, at most the query's limit.
    public var rows: [SchemeRow]
    /// Whether more schemes matched than were kept.
    public var hasMore: Bool
    /// How many schemes the searched list holds.
    public var listCount: Int
    /// Malformed rows skipped when the list was just fetched (0 when it came from the cache).
    public var skippedRows: Int
    /// How fresh the list is.
    public var freshness: Freshness
    /// How many schemes matched in all, when every match was ranked; nil when more matched than a search ranks.
    public var matchCount: Int?

    /// Creates a report.
    public init(
        rows: [SchemeRow], hasMore: Bool, listCount: Int, skippedRows: Int, freshness: Freshness, matchCount: Int? = nil
    ) {
        self.rows = rows
        self.hasMore = hasMore
        self.matchCount = matchCount
        self.listCount = listCount
        self.skippedRows = skippedRows
        self.freshness = freshness
    }
}
