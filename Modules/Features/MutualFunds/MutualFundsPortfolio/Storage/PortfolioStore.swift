import MutualFunds
import Persistence

/// The portfolio as one record (`portfolio/holdings`), with its latest positions beside it (`portfolio/positions-2`):
/// an import or an edit replaces both in one transaction, so a refused statement leaves nothing behind and the
/// positions never disagree with the transactions. Never part of the cache: `cache clear` keeps them.
public enum PortfolioStore {
    /// The record's key.
    public static let key = "portfolio/holdings"

    /// The stored portfolio (empty when none is).
    public static func load(in transaction: any StoreTransaction) throws -> Portfolio {
        try transaction.value(Portfolio.self, key) ?? Portfolio()
    }

    /// The record of the latest ``Position``s, derived from the portfolio and written with it. Named anew when
    /// what a position holds changes (`-2`: stamp duty in the cost), so positions stored before are not read
    /// and the portfolio's own transactions decide until the next change stores them again.
    public static let positionsKey = "portfolio/positions-2"

    /// Stores `portfolio` in place of the one stored, and its latest positions with it.
    public static func save(_ portfolio: Portfolio, in transaction: any StoreTransaction) throws {
        try transaction.put(key, portfolio)
        let carried = Mergers.carriedCosts(portfolio)
        try transaction.put(positionsKey, try portfolio.schemes.map { try Position($0, asOf: nil, carried: carried) })
    }

    /// The latest positions; nil when none are stored (a portfolio saved by a folio that did not store them), and
    /// the caller works them out from the portfolio.
    public static func positions(in transaction: any StoreTransaction) throws -> [Position]? {
        try transaction.value([Position].self, positionsKey)
    }
}
