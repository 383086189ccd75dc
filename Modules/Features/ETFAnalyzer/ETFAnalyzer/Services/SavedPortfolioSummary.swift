import Foundation
import Money

/// One saved portfolio as a list shows it: what `folio etf list --format json` prints per portfolio.
public struct SavedPortfolioSummary: Codable, Sendable, Equatable {
    /// The name it is saved under.
    public var name: String
    /// How many ETFs it holds.
    public var etfs: Int
    /// Σ shares × purchase price.
    public var invested: Amount
    /// When it was saved.
    public var savedAt: Date
    /// Where it was read from (a file path, `stdin`).
    public var source: String

    /// The summary of `portfolio`.
    /// - Throws: `MoneyError` when the total cannot be computed.
    public init(_ portfolio: SavedPortfolio) throws(MoneyError) {
        name = portfolio.name
        etfs = portfolio.holdings.count
        invested = try portfolio.holdings.map { holding throws(MoneyError) in try holding.shares * holding.purchasePrice
        }
        .sum()
        savedAt = portfolio.savedAt
        source = portfolio.source
    }
}
