import FeatureKit
import Money
import NetWorth
import Persistence
import Synchronization
import Timing

/// The household books net worth keeps, for the host's overview: today's summary (linked accounts at their sources'
/// current values), the recorded net worth history, and today's rate into the base currency of every currency the
/// stored rates convert.
enum NetWorthHousehold {
    /// Where the overview's one click posts a source to add an account following it.
    static let followAction = "/networth/accounts/follow"

    /// The books, with the accounts decoded once while their stored bytes stay the same and the history worked out
    /// once while the balances, rates and toggles stay the same: a server reads the books on every view of `/`,
    /// and decoding every balance ever recorded, then valuing every account on every recorded day, was most of a
    /// view.
    static let read: HouseholdReader = reader(decoded: DecodedRecords(), kept: KeptHistory())

    /// The reader keeping what it decoded in `decoded` and the last history in `kept`.
    static func reader(decoded: DecodedRecords, kept: KeptHistory) -> HouseholdReader {
        { context in try await position(NetWorthServices(context: context, decoded: decoded), kept: kept) }
    }

    static func position(_ services: NetWorthServices, kept: KeptHistory) async throws -> HouseholdPosition? {
        let dependencies = services.dependencies
        let summary = try await SummaryService(dependencies).summary()
        guard !summary.accounts.isEmpty else { return nil }
        // The chart's net worth, assets and debts (the saved toggles) on every recorded day; none when unreadable.
        let history = (try? await services.repository.portfolio()).flatMap { try? kept.history(of: $0) } ?? []
        let (base, stored) = try await RateService(dependencies).list()
        let rates = ExchangeRates(base: base, rates: stored)
        var today: [String: Amount] = [:]
        for currency in Set(stored.flatMap { [$0.currency, $0.base] }) where currency != base {
            if let rate = rates.conversion(for: currency, on: summary.asOf)?.effectiveRate { today[currency] = rate }
        }
        return HouseholdPosition(
            currency: summary.currency, asOf: summary.asOf, assets: summary.assets, debts: summary.debts,
            net: summary.netWorth,
            accounts: summary.accounts.map { account in
                HouseholdPosition.Account(
                    name: account.name, assetClass: assetClass(of: account.type), currency: account.currency,
                    value: account.value, counted: account.counted && account.value != nil, follows: account.source)
            },
            history: history, rates: today, linkAction: followAction, warnings: summary.warnings)
    }

    /// The class an account's type reads as in an allocation.
    static func assetClass(of type: AccountType) -> HoldingClass {
        switch type {
        case .current, .savings, .cash, .foreignCurrency: .cash
        case .isa, .investment: .equity
        case .pension: .pension
        case .property: .property
        case .crypto: .crypto
        case .other: .other
        case .creditCard, .loan, .mortgage: .liability
        }
    }

    /// The last history worked out and the books it came from: a pure function of the recorded balances, the rates
    /// and the toggles, which seldom change between two views. Comparing the books costs little while their
    /// accounts are the ones ``DecodedRecords`` kept (an array equal to itself is known so at once).
    final class KeptHistory: Sendable {
        private let last = Mutex<(portfolio: Portfolio, points: [HouseholdPosition.Point])?>(nil)

        /// The net worth, assets and debts of `portfolio` on every recorded day.
        /// - Throws: ``NetWorthError`` when a balance cannot be converted or a total is too large.
        func history(of portfolio: Portfolio) throws -> [HouseholdPosition.Point] {
            if let kept = last.withLock({ $0 }), kept.portfolio.accounts == portfolio.accounts,
                kept.portfolio.rates == portfolio.rates, kept.portfolio.inclusion == portfolio.inclusion
            {
                return kept.points
            }
            let points = try portfolio.netWorthSeries().map { day in
                HouseholdPosition.Point(
                    date: day.date, assets: day.totals.assets, debts: day.totals.debts, net: day.totals.netWorth)
            }
            last.withLock { $0 = (portfolio, points) }
            return points
        }
    }
}
