import Foundation

/// A share of the portfolio's total value.
public struct AllocationSlice: Sendable, Equatable {
    /// Sector or symbol (`Cash` for cash).
    public var name: String
    /// Market value.
    public var value: Decimal
    /// `value / total value`.
    public var weight: Decimal
}

/// The analytics dashboard: returns, P/L, the money-weighted annual return, allocation and value history.
public struct PortfolioAnalytics: Sendable, Equatable {
    /// The valuation the figures come from.
    public var valuation: PortfolioValuation
    /// `totalValue − invested`: everything gained or lost.
    public var totalReturn: Decimal
    /// XIRR of the deposits (negative), withdrawals (positive) and today's value (positive).
    public var annualizedReturn: Double?
    /// Why ``annualizedReturn`` is nil.
    public var annualizedReturnUnavailable: XIRR.Unavailable?
    /// Allocation by sector, cash included, largest first.
    public var bySector: [AllocationSlice]
    /// Allocation by holding, cash included, largest first.
    public var byHolding: [AllocationSlice]
    /// Recorded daily values, oldest first.
    public var history: [ValueSnapshot]

    /// Computes the analytics at `now`.
    public static func make(
        valuation: PortfolioValuation, history entries: [LedgerEntry], snapshots: [ValueSnapshot], now: Date
    ) -> PortfolioAnalytics {
        var flows = entries.compactMap { entry -> CashFlow? in
            switch entry.kind {
            case .deposit: CashFlow(date: entry.timestamp, amount: -entry.amount)
            case .withdrawal: CashFlow(date: entry.timestamp, amount: entry.amount)
            case .buy, .sell: nil
            }
        }
        flows.append(CashFlow(date: now, amount: valuation.totalValue))
        var rate: Double?
        var unavailable: XIRR.Unavailable?
        do {
            rate = try XIRR.rate(flows)
        } catch let error as XIRR.Unavailable {
            unavailable = error
        } catch {
            unavailable = .noSolution
        }
        let total = valuation.totalValue
        func slices(_ groups: [String: Decimal]) -> [AllocationSlice] {
            var all = groups.map { AllocationSlice(name: $0.key, value: $0.value, weight: total == 0 ? 0 : $0.value / total) }
            if valuation.cash != 0 {
                all.append(AllocationSlice(name: "Cash", value: valuation.cash, weight: total == 0 ? 0 : valuation.cash / total))
            }
            return all.sorted { $0.value != $1.value ? $0.value > $1.value : $0.name < $1.name }
        }
        let sectors = Dictionary(grouping: valuation.holdings, by: \.sector).mapValues { $0.reduce(0) { $0 + $1.value } }
        let holdings = Dictionary(uniqueKeysWithValues: valuation.holdings.map { ($0.symbol, $0.value) })
        return PortfolioAnalytics(
            valuation: valuation, totalReturn: total - valuation.invested, annualizedReturn: rate,
            annualizedReturnUnavailable: unavailable, bySector: slices(sectors), byHolding: slices(holdings),
            history: snapshots.sorted { $0.day < $1.day })
    }
}
