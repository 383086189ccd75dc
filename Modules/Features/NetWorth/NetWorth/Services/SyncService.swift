import Failures
import Foundation
import Money
import Timing

/// `sync`: records today's balance of each linked account whose source's value differs from its latest recorded
/// balance, so change since the last update, the reports and the charts follow the source from history. A stale
/// value, or one that cannot be read, is never recorded.
public struct SyncService: Sendable {
    private let dependencies: NetWorthDependencies

    /// Creates the service.
    public init(_ dependencies: NetWorthDependencies) {
        self.dependencies = dependencies
    }

    /// Reads every linked account's source and records the changed values, all in one transaction.
    /// - Throws: ``FolioError`` for damaged stored data or a storage failure.
    public func sync() async throws -> SyncReport {
        let date = dependencies.today
        do {
            let (portfolio, links) = try await dependencies.repository.linkedPortfolio()
            let readings = await LinkedBalances.read(links, with: dependencies.sources)
            var rows: [SyncedAccount] = []
            var changed: [Int: (source: String, amount: Amount)] = [:]
            for account in portfolio.accounts {
                guard let link = links[account.id], let reading = readings[account.id] else { continue }
                let found = LinkedBalances.balance(reading, for: account, rates: portfolio.rates, on: date)
                let previous = account.latestUpdate?.amount
                var row = SyncedAccount(
                    account: account.name, source: link.source, outcome: "skipped", currency: account.currency,
                    balance: found.amount,
                    previousBalance: previous, sourceAsOf: found.asOf, reason: found.problem)
                if let amount = found.amount {
                    row.outcome = amount == previous ? "unchanged" : "recorded"
                    if amount != previous { changed[account.id] = (link.source, amount) }
                }
                rows.append(row)
            }
            let recorded = changed.isEmpty ? [] : try await dependencies.repository.recordSynced(changed, on: date)
            // Another sync may have recorded the same value a moment before: it is unchanged, not recorded twice.
            for index in rows.indices where rows[index].outcome == "recorded" {
                let id = portfolio.accounts.first { $0.name == rows[index].account }?.id
                if let id, !recorded.contains(id) { rows[index].outcome = "unchanged" }
            }
            return SyncReport(date: date, recorded: rows.filter { $0.outcome == "recorded" }.count, accounts: rows)
        } catch let error as NetWorthError {
            throw FolioError(error)
        }
    }
}

/// What `sync` did, as `--format json` prints it.
public struct SyncReport: Codable, Sendable, Equatable {
    /// The date the balances were recorded on (today).
    public var date: CalendarDate
    /// How many balances were recorded.
    public var recorded: Int
    /// Each linked account, in the order added.
    public var accounts: [SyncedAccount]
}

/// One linked account's sync.
public struct SyncedAccount: Codable, Sendable, Equatable {
    /// The account's name.
    public var account: String
    /// The source it follows.
    public var source: String
    /// `recorded`, `unchanged` (the source's value is the latest balance) or `skipped` (see `reason`).
    public var outcome: String
    /// The account's currency, which ``balance`` is in.
    public var currency: String
    /// The source's value at the currency's minor unit; null when none could be used.
    @NullEncodable public var balance: Amount?
    /// The latest balance recorded before the sync.
    @NullEncodable public var previousBalance: Amount?
    /// When the source's value was true.
    @NullEncodable public var sourceAsOf: Date?
    /// Why nothing was recorded for a skipped account.
    @NullEncodable public var reason: String?

    /// The CSV columns, in JSON key names.
    public static let columns = [
        "account", "source", "outcome", "currency", "balance", "previousBalance", "sourceAsOf", "reason",
    ]
}
