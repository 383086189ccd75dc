import Persistence

/// The portfolio as one record (`portfolio/holdings`): an import or an edit replaces it in one transaction, so a
/// refused statement leaves nothing behind. Never part of the cache: `cache clear` keeps it.
public enum PortfolioStore {
    /// The record's key.
    public static let key = "portfolio/holdings"

    /// The stored portfolio (empty when none is).
    public static func load(in transaction: any StoreTransaction) throws -> Portfolio {
        try transaction.value(Portfolio.self, key) ?? Portfolio()
    }

    /// Stores `portfolio` in place of the one stored.
    public static func save(_ portfolio: Portfolio, in transaction: any StoreTransaction) throws {
        try transaction.put(key, portfolio)
    }
}
