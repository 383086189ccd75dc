import Foundation
import Money
import Timing

/// One favourite with its latest figures, or why they could not be loaded: a row of `folio funds favorites
/// list --format json`.
public struct FavoriteRow: Codable, Sendable, Equatable {
    /// The scheme code.
    public var code: Int
    /// The scheme's name.
    public var name: String
    /// The latest NAV.
    @NullEncodable public var nav: Amount?
    /// The latest NAV's date.
    @NullEncodable public var navDate: String?
    /// Latest / previous NAV − 1.
    @NullEncodable public var change1D: Double?
    /// The 1Y point-to-point return.
    @NullEncodable public var return1Y: Double?
    /// Whether the figures come from an expired copy.
    public var stale: Bool
    /// When the figures were fetched.
    @NullEncodable public var asOf: Date?
    /// Why the favourite could not be loaded.
    @NullEncodable public var error: String?
    /// Why a fresh copy could not be had, when the figures are stale because of a failure (not encoded: the
    /// list's JSON keeps its columns).
    public var staleReason: String?

    private enum CodingKeys: String, CodingKey {
        case code, name, nav, navDate, change1D, return1Y, stale, asOf, error
    }

    /// A loaded favourite.
    public init(favorite: Favorite, history: NAVHistory, freshness: Freshness) {
        let report = FundReport(history: history)
        code = favorite.code
        name = history.meta.name ?? favorite.name
        nav = report?.latest.nav
        navDate = report?.latest.date.iso8601
        change1D = report?.dailyChangePercent
        return1Y = report?.returns[.oneYear]?.absolute
        stale = freshness.stale
        asOf = freshness.asOf
        error = nil
        staleReason = freshness.staleReason
    }

    /// A favourite that could not be loaded, and why.
    public init(favorite: Favorite, failure: String) {
        code = favorite.code
        name = favorite.name
        stale = false
        error = failure
    }

    /// The columns of the CSV form, in order.
    public static let columns = ["code", "name", "nav", "navDate", "change1D", "return1Y", "stale", "asOf", "error"]
}

/// What adding a favourite did.
public struct FavoriteChange: Codable, Sendable, Equatable {
    /// The favourite.
    public var favorite: Favorite
    /// False when it was a favourite already (adding) or nothing changed.
    public var changed: Bool

    /// Creates a change.
    public init(favorite: Favorite, changed: Bool) {
        self.favorite = favorite
        self.changed = changed
    }
}
