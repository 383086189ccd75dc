import Failures
import Foundation
import Money

extension SavedPortfolios {
    /// The names of every saved portfolio: the sources `etf:saved/<NAME>` names.
    public func names() async throws -> [String] {
        try await all().map(\.name)
    }

    /// The saved portfolio called `name` valued as entered, Σ shares × current price, in `currency` (the prices'
    /// currency; portfolios are saved without one, so USD unless said), as of the save: for another part of the
    /// program to follow.
    /// - Throws: ``FolioError`` (notFound or invalid, field `name`) when no portfolio has that name or it is not a
    ///   name a portfolio can have.
    public func value(of name: String, currency: String = "USD") async throws -> SourcedValue {
        let portfolio: SavedPortfolio
        do {
            try Self.validate(name: name)
            portfolio = try await load(name)
        } catch SavedPortfolioError.notFound {
            throw FolioError(
                .notFound, "there is no saved ETF portfolio \"\(name)\"",
                hint: "save one with `folio etf save NAME FILE`", field: "name")
        } catch let error as SavedPortfolioError {
            throw FolioError(.invalid, "\"\(name)\" is not a saved portfolio's name", why: "\(error)", field: "name")
        }
        do {
            let value = try portfolio.holdings.map { holding throws(MoneyError) in
                try holding.shares * holding.currentPrice
            }.sum()
            // Each ETF is one holding, of the class it says it holds (equity when it says nothing).
            let holdings = try portfolio.holdings.map { holding throws(MoneyError) in
                SourcedHolding(
                    name: holding.name, assetClass: holding.holdingClass, currency: currency,
                    value: try holding.shares * holding.currentPrice)
            }
            return SourcedValue(amount: value, currency: currency, asOf: portfolio.savedAt, holdings: holdings)
        } catch {
            throw FolioError(.dataError, "the saved ETF portfolio \"\(name)\" cannot be valued", why: "\(error)")
        }
    }
}
