import Money
import Persistence
import Timing

extension NetWorthRepository {
    /// Every link, by account id.
    public func links() async throws -> [Int: AccountLink] {
        try await store.read { try Tx($0, decoded: decoded).links() }
    }

    /// The portfolio (under the saved toggles) and the links, read in one snapshot.
    public func linkedPortfolio() async throws -> (portfolio: Portfolio, links: [Int: AccountLink]) {
        try await store.read { transaction in
            let tx = Tx(transaction, decoded: decoded)
            let settings = try tx.settings()
            let portfolio = Portfolio(
                accounts: try tx.accounts(), rates: try tx.rates(base: settings.baseCurrency),
                inclusion: settings.inclusion)
            return (portfolio, try tx.links())
        }
    }

    /// Links the account called `name` to `link.source`, replacing any link it had. With `currency`, the source's,
    /// an account without balances takes it; one whose balances are in another currency keeps its own (its source's
    /// values are then converted with the stored rates).
    /// - Returns: The account after the change and the link it replaced.
    /// - Throws: ``NetWorthError`` for an unknown account, or a source another account follows.
    public func link(
        _ name: String, to link: AccountLink, currency: String?
    ) async throws
        -> (account: Account, replaced: AccountLink?)
    {
        let code = try currency.map(CurrencyCode.validate)
        try await prepare()
        return try await store.write { transaction in
            let tx = Tx(transaction, decoded: decoded)
            var account = try tx.account(named: name)
            try tx.requireUnfollowed(link.source, except: account.id)
            // An account with balances keeps its currency: the source's values are converted with the stored rates.
            if let code, code != account.currency, account.updates.isEmpty {
                account.currency = code
                try tx.save(account)
            }
            let replaced = try transaction.value(AccountLink.self, LinkKey.link(account.id))
            try transaction.put(LinkKey.link(account.id), link)
            return (account, replaced)
        }
    }

    /// Removes the link of the account called `name`; its recorded balances stay.
    /// - Throws: ``NetWorthError`` for an unknown account or one that follows nothing.
    public func unlink(_ name: String) async throws -> (account: Account, removed: AccountLink) {
        try await prepare()
        return try await store.write { transaction in
            let tx = Tx(transaction, decoded: decoded)
            let account = try tx.account(named: name)
            guard let link = try transaction.value(AccountLink.self, LinkKey.link(account.id)) else {
                throw NetWorthError(
                    .refused, "\"\(account.name)\" follows no source", hint: "link it with `accounts link`",
                    field: "account")
            }
            try transaction.delete(LinkKey.link(account.id))
            return (account, link)
        }
    }

    /// Records each `amount` as the account's balance on `date`, in one transaction, for accounts still linked to
    /// the same source whose latest balance differs (a sync running at the same time records it once).
    /// - Returns: The ids recorded.
    func recordSynced(
        _ amounts: [Int: (source: String, amount: Amount)], on date: CalendarDate
    ) async throws -> Set<Int> {
        try await prepare()
        return try await store.write { transaction in
            let tx = Tx(transaction, decoded: decoded)
            let links = try tx.links()
            var recorded: Set<Int> = []
            for account in try tx.accounts() {
                guard let synced = amounts[account.id], links[account.id]?.source == synced.source,
                    account.latestUpdate?.amount != synced.amount
                else { continue }
                var changed = account
                changed.record(BalanceUpdate(date: date, amount: synced.amount, note: "from \(synced.source)"))
                try tx.save(changed)
                recorded.insert(account.id)
            }
            return recorded
        }
    }
}
