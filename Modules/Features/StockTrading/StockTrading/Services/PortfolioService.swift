import Caching
import Failures
import Foundation
import Persistence
import Timing

/// Reports on one account: the portfolio valued at current prices, the analytics and the history. Valuing
/// records the day's value snapshot, which the analytics chart draws.
public struct PortfolioService: Sendable {
    let store: any KeyValueStore
    let timing: Timing
    let timeZone: TimeZone
    let market: MarketService

    /// Creates the service.
    public init(store: any KeyValueStore, timing: Timing, timeZone: TimeZone, market: MarketService) {
        self.store = store
        self.timing = timing
        self.timeZone = timeZone
        self.market = market
    }

    /// `owner`'s holdings valued at current prices, with P/L and totals on `basis`.
    /// - Throws: ``FolioError`` (unavailable) when no price can be had.
    public func portfolio(
        for owner: Session, basis: CostBasisMethod = .average, mode: FetchMode = .normal
    ) async throws -> Priced<PortfolioReport> {
        let (valuation, _, quotes) = try await valued(owner, basis: basis, mode: mode)
        let currency = try await brokerage(owner).currency()
        return Priced(
            report: PortfolioReport(valuation, email: owner.email, quotes: quotes, currency: currency), quotes: quotes)
    }

    /// `owner`'s returns, P/L, allocation and value history on `basis`.
    /// - Throws: ``FolioError`` (unavailable) when no price can be had.
    /// - Parameter benchmark: A symbol whose return over the recorded days is reported beside the account's
    ///   time-weighted return (only with the host's market data; a benchmark it cannot price is noted, not thrown).
    public func analytics(
        for owner: Session, basis: CostBasisMethod = .average, mode: FetchMode = .normal, benchmark: String? = nil
    ) async throws -> Priced<AnalyticsReport> {
        let (valuation, history, quotes) = try await valued(owner, basis: basis, mode: mode)
        let now = timing.now()
        var report: AnalyticsReport
        do {
            let snapshots = try await brokerage(owner).snapshots()
            let analytics = try PortfolioAnalytics.make(
                valuation: valuation, history: history, snapshots: snapshots, now: now)
            report = try AnalyticsReport(
                analytics, email: owner.email, currency: try await brokerage(owner).currency())
        } catch {
            throw StockTradingError.translated(error)
        }
        if let benchmark, market.marketData != nil {
            report.benchmark = await compare(report.valueHistory, with: benchmark, mode: mode)
        }
        return Priced(report: report, quotes: quotes)
    }

    /// `owner`'s trades and cash movements matching `filter`, with the realized P/L of `basis`.
    public func history(
        for owner: Session, filter: HistoryFilter = HistoryFilter(), basis: CostBasisMethod = .average
    ) async throws -> HistoryReport {
        await applyCorporateActions(owner, mode: .normal)
        do {
            let brokerage = brokerage(owner)
            let all = try await brokerage.history()
            let currency = try await brokerage.currency()
            let replay = basis == .fifo ? try CostBasis.replay(all, method: .fifo) : nil
            let symbol = filter.symbol?.uppercased()
            let rows = all.filter { entry in
                let day = CalendarDate(entry.timestamp, in: timeZone)
                if let kind = filter.kind, entry.kind != kind { return false }
                if let symbol, entry.symbol != symbol { return false }
                if let first = filter.from, day < first { return false }
                if let last = filter.to, day > last { return false }
                return true
            }.map { entry in
                HistoryRow(entry, realizedPL: replay.map { $0.realizedBySequence[entry.sequence] } ?? entry.realizedPL)
            }
            return HistoryReport(rows: rows, total: all.count, currency: currency)
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    private func valued(
        _ owner: Session, basis: CostBasisMethod, mode: FetchMode
    ) async throws -> (PortfolioValuation, [LedgerEntry], QuoteSet) {
        await applyCorporateActions(owner, mode: mode)
        let brokerage = brokerage(owner)
        let (holdings, quotes) = try await priced(brokerage, mode: mode)
        do {
            let history = try await brokerage.history()
            try await brokerage.recordSnapshot(prices: quotes.prices)
            let valuation = try PortfolioValuation.make(
                holdings: holdings, history: history, quotes: quotes, basis: basis)
            return (valuation, history, quotes)
        } catch {
            throw StockTradingError.translated(error)
        }
    }

    /// Brings splits and dividends up to date before a report, when the host gave market data. A provider that
    /// cannot answer now leaves them for a later report: the holdings as recorded are still right up to then.
    private func applyCorporateActions(_ owner: Session, mode: FetchMode) async {
        guard market.marketData != nil else { return }
        _ = try? await CorporateActionsService(store: store, timing: timing, timeZone: timeZone, market: market)
            .apply(for: owner, mode: mode)
    }

    /// The account's holdings and the quotes that value them, every held symbol included, each price in the
    /// account's currency (converted at the current rate when the symbol trades in another).
    func priced(_ brokerage: Brokerage, mode: FetchMode) async throws -> (Holdings, QuoteSet) {
        let holdings: Holdings
        do {
            holdings = try await brokerage.holdings()
        } catch {
            throw StockTradingError.translated(error)
        }
        let quotes = try await market.quotes(mode, including: holdings.positions.map(\.symbol))
        return (holdings, await market.converted(quotes, to: holdings.state.accountCurrency, mode: mode))
    }

    /// The symbols `owner` holds.
    func heldSymbols(_ owner: Session) async throws -> [String] {
        try await brokerage(owner).holdings().positions.map(\.symbol)
    }

    private func brokerage(_ owner: Session) -> Brokerage {
        Brokerage(store: store, timing: timing, userID: owner.userID, timeZone: timeZone)
    }
}
