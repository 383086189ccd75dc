import FeatureKit
import Money
import NetWorth
import Persistence
import Timing

/// The household books net worth keeps, for the host's overview: today's summary (linked accounts at their sources'
/// current values), the recorded net worth history, and today's rate into the base currency of every currency the
/// stored rates convert.
enum NetWorthHousehold {
    /// Where the overview's one click posts a source to add an account following it.
    static let followAction = "/networth/accounts/follow"

    /// The books, with the accounts decoded once while their stored bytes stay the same: a server reads them on
    /// every view of `/` (twice: today's summary and the history), and decoding every balance ever recorded was
    /// most of a view.
    static let read: HouseholdReader = reader(decoded: DecodedRecords())

    /// The reader keeping what it decoded in `decoded`.
    static func reader(decoded: DecodedRecords) -> HouseholdReader {
        { context in try await position(NetWorthServices(context: context, decoded: decoded)) }
    }

    static func position(_ services: NetWorthServices) async throws -> HouseholdPosition? {
        let dependencies = services.dependencies
        let summary = try await SummaryService(dependencies).summary()
        guard !summary.accounts.isEmpty else { return nil }
        let chart = try? await ChartService(dependencies).chart(breakdown: true)
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
            history: history(chart), rates: today, linkAction: followAction, warnings: summary.warnings)
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

    /// The chart's net worth, assets and debts lines as dated points.
    private static func history(_ chart: ChartLines?) -> [HouseholdPosition.Point] {
        guard let chart, chart.lines.count == 3 else { return [] }
        let (net, assets, debts) = (chart.lines[0].points, chart.lines[1].points, chart.lines[2].points)
        return net.indices.map { index in
            HouseholdPosition.Point(
                date: net[index].date, assets: assets[index].value, debts: debts[index].value, net: net[index].value)
        }
    }
}
