import Caching
import Failures
import Foundation
import Money
import Persistence

extension PortfolioService {
    /// The paper account of `email` valued at current prices (cash + holdings, in the account's currency), for another part of the
    /// program to follow: it needs no login (the account is named) and records no snapshot. Last known prices make
    /// the value stale, with why.
    /// - Throws: ``FolioError`` (notFound, field `email`) when no paper account has that email; (unavailable) when
    ///   no price can be had.
    public func currentValue(ofAccount email: String, mode: FetchMode = .normal) async throws -> SourcedValue {
        let normalized = CredentialRules.normalizedEmail(email)
        guard let account = try await store.get(Account.self, StorageKeys.account(normalized))?.value else {
            throw FolioError(
                .notFound, "there is no paper account \(normalized)", hint: "sign up with `folio stocks signup`",
                field: "email")
        }
        let brokerage = Brokerage(store: store, timing: timing, userID: account.userID, timeZone: timeZone)
        let (holdings, quotes) = try await priced(brokerage, mode: mode)
        do {
            let valuation = try PortfolioValuation.make(
                holdings: holdings, history: [], quotes: quotes, basis: .average)
            let currency = holdings.state.accountCurrency
            let stale = quotes.isStale || valuation.holdings.contains(where: \.isStale)
            // What the value is made of: each share at its value with the day's move, and the cash beside them.
            let shares = valuation.holdings.map { holding in
                SourcedHolding(
                    name: holding.symbol, assetClass: .equity, currency: currency, value: holding.value,
                    dayChange: quotes.quotes[holding.symbol]?.quote.change.flatMap { try? $0 * holding.quantity })
            }
            let cash =
                valuation.cash.isZero
                ? [] : [SourcedHolding(name: "Cash", assetClass: .cash, currency: currency, value: valuation.cash)]
            return SourcedValue(
                amount: valuation.totalValue, currency: currency, asOf: quotes.asOf,
                staleBecause: stale
                    ? "prices are the last known from \(quotes.source)" + (quotes.failure.map { " — \($0)" } ?? "")
                    : nil,
                holdings: shares + cash)
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// The emails of every paper account on this store, in order: the sources `stocks:portfolio/<EMAIL>` names.
    public func paperAccounts() async throws -> [String] {
        let prefix = StorageKeys.account("")
        return try await store.read { transaction in
            try transaction.scan(.prefix(prefix), limit: nil, reverse: false).map {
                String($0.key.dropFirst(prefix.count))
            }
        }
    }
}
