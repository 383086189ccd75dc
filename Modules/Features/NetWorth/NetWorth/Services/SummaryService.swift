import Failures
import Money
import Persistence
import Timing

/// `summary`: the net worth on a date with every account, valuing what can be valued.
///
/// A counted foreign account whose currency has no rate (direct, inverse or cross) in force is left out of the
/// totals and marked with the missing rate, so one missing rate never hides the rest of the summary.
public struct SummaryService: Sendable {
    private let dependencies: NetWorthDependencies

    /// Creates the service.
    public init(_ dependencies: NetWorthDependencies) {
        self.dependencies = dependencies
    }

    /// The summary on `asOf` (default today) under the saved toggles with `inclusion`'s overrides. In a page view
    /// (``SnapshotScope``) it is worked out once for the view: the overview's books and the net-worth card both ask.
    /// - Throws: ``FolioError`` for damaged stored data or a figure too large to compute.
    public func summary(
        asOf: CalendarDate? = nil, inclusion: InclusionOverride = InclusionOverride()
    ) async throws
        -> SummaryReport
    {
        guard let scope = SnapshotScope.current else { return try await worked(asOf: asOf, inclusion: inclusion) }
        let key =
            "networth summary \(dependencies.store.namespace) \(asOf?.iso8601 ?? "today") \(inclusion.textualKey)"
        return try await scope.shared(key) { [self] in try await worked(asOf: asOf, inclusion: inclusion) }
    }

    private func worked(asOf: CalendarDate?, inclusion: InclusionOverride) async throws -> SummaryReport {
        let today = dependencies.today
        let date = asOf ?? today
        let (saved, links) = try await dependencies.repository.linkedPortfolio()
        // A past date is history: the sources' values now say nothing about it.
        let readings = date >= today ? await LinkedBalances.read(links, with: dependencies.sources) : [:]
        do {
            var portfolio = saved.asOf(date)
            portfolio.inclusion = inclusion.resolve(saved.inclusion)
            let followed = LinkedBalances.apply(readings, links: links, to: portfolio, on: date)
            var report = try Self.report(followed.portfolio, on: date, links: followed.statuses)
            report.warnings = followed.warnings + report.warnings
            return report
        } catch {
            throw FolioError(error)
        }
    }

    static func report(
        _ portfolio: Portfolio, on date: CalendarDate, links: [Int: LinkStatus] = [:]
    )
        throws(NetWorthError) -> SummaryReport
    {
        let unvalued = missingRates(portfolio, on: date)
        var valued = portfolio
        valued.accounts.removeAll { unvalued[$0.id] != nil }
        var warnings = portfolio.accounts.compactMap { account in
            unvalued[account.id].map { "\"\(account.name)\" is left out of the totals: \($0)" }
        }
        let totals = try valued.totals(on: date)
        let change: PortfolioChange?
        do throws(NetWorthError) {
            change = try valued.changeSinceLastUpdate(asOf: date)
        } catch  where error != .overflow {
            // An earlier update date can need a rate that today's does not; the totals above still stand.
            change = nil
            warnings.append("the change since the last update is not shown: \(error)")
        }
        var accounts: [SummaryAccount] = []
        for account in portfolio.accounts {
            let excluded = portfolio.inclusion.exclusionReason(account)
            let missing = excluded == nil ? unvalued[account.id] : nil
            let value = excluded == nil && missing == nil ? try portfolio.value(of: account, on: date) : nil
            var row = try SummaryAccount(account, excludedBecause: excluded, unvaluedBecause: missing, value: value)
            if let link = links[account.id] {
                row.source = link.source
                row.sourceStatus = link.status
                row.sourceAsOf = link.asOf
                row.sourceProblem = link.problem
            }
            accounts.append(row)
        }
        let foreign = Set(
            accounts.filter { $0.value != nil && $0.currency != portfolio.baseCurrency }.map(\.currency))
        return SummaryReport(
            asOf: date, currency: portfolio.baseCurrency, includePensions: portfolio.inclusion.includePensions,
            includeMortgages: portfolio.inclusion.includeMortgages, netWorth: totals.netWorth, assets: totals.assets,
            debts: totals.debts, changeSinceLastUpdate: change.map(PortfolioChangeReport.init), accounts: accounts,
            conversions: foreign.sorted().compactMap { portfolio.rates.conversion(for: $0, on: date) }
                .map(ConversionReport.init),
            warnings: warnings)
    }

    /// The counted accounts with a balance on `date` in a currency no stored rate converts then, by id, with
    /// the missing rate in words.
    private static func missingRates(_ portfolio: Portfolio, on date: CalendarDate) -> [Int: String] {
        var missing: [Int: String] = [:]
        for account in portfolio.counted where account.currency != portfolio.baseCurrency {
            guard account.update(onOrBefore: date) != nil,
                portfolio.rates.conversion(for: account.currency, on: date) == nil
            else { continue }
            let error = NetWorthError.missingRate(
                currency: account.currency, base: portfolio.baseCurrency, date: date, account: nil,
                earliest: portfolio.rates.history(of: account.currency).first?.date)
            missing[account.id] = error.hint.map { "\(error); \($0)" } ?? error.description
        }
        return missing
    }
}

extension SummaryAccount {
    init(_ account: Account, excludedBecause: String?, unvaluedBecause: String?, value: Amount?) throws(NetWorthError) {
        let change = try account.changeSinceLastUpdate
        name = account.name
        type = account.type
        debt = account.type.isDebt
        currency = account.currency
        counted = excludedBecause == nil
        self.excludedBecause = excludedBecause
        self.unvaluedBecause = unvaluedBecause
        balance = account.latestUpdate?.amount
        self.value = value
        lastUpdate = account.latestUpdate?.date
        previousBalance = account.previousUpdate?.amount
        self.change = change?.amount
        changePercent = change?.roundedFraction
        trend = change?.trend
        source = nil
        sourceStatus = nil
        sourceAsOf = nil
        sourceProblem = nil
    }
}
