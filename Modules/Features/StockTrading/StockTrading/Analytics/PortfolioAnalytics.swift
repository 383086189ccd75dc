import Foundation
import Money

/// A share of the portfolio's total value.
public struct AllocationSlice: Sendable, Equatable {
    /// Sector or symbol (`Cash` for cash).
    public var name: String
    /// Market value.
    public var value: Amount
    /// `value / total value` to 12 places.
    public var weight: Amount
}

/// The analytics dashboard: returns, P/L, the money-weighted annual return, allocation and value history.
public struct PortfolioAnalytics: Sendable, Equatable {
    /// The valuation the figures come from.
    public var valuation: PortfolioValuation
    /// `totalValue − invested`: everything gained or lost.
    public var totalReturn: Amount
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

    /// Computes the analytics at `now`. The annualized return needs a year of history (``XIRR/Unavailable/underAYear``).
    public static func make(
        valuation: PortfolioValuation, history entries: [LedgerEntry], snapshots: [ValueSnapshot], now: Date
    ) throws -> PortfolioAnalytics {
        var flows = entries.compactMap { entry -> CashFlow? in
            switch entry.kind {
            case .deposit: CashFlow(date: entry.timestamp, amount: -entry.amount)
            case .withdrawal: CashFlow(date: entry.timestamp, amount: entry.amount)
            // A dividend or a split's cash in lieu is the portfolio's own return, not money from outside.
            case .buy, .sell, .split, .dividend: nil
            }
        }
        flows.append(CashFlow(date: now, amount: valuation.totalValue))
        var rate: Double?
        var unavailable: XIRR.Unavailable?
        do {
            rate = try XIRR.rate(flows, requiresAYear: true)
        } catch {
            // Flows of both signs all on one day are a history of no length: under a year, as the feature
            // has always said, rather than the solver's "no sign change".
            let signs = Set(flows.map(\.amount.signum))
            unavailable = error == .noSignChange && signs.contains(1) && signs.contains(-1) ? .underAYear : error
        }
        let total = valuation.totalValue
        func slices(_ groups: [String: Amount]) throws -> [AllocationSlice] {
            var all = try groups.map { name, value in
                AllocationSlice(
                    name: name, value: value, weight: try PortfolioValuation.fraction(value, of: total) ?? .zero)
            }
            if !valuation.cash.isZero {
                let weight = try PortfolioValuation.fraction(valuation.cash, of: total) ?? .zero
                all.append(AllocationSlice(name: "Cash", value: valuation.cash, weight: weight))
            }
            return all.sorted { $0.value != $1.value ? $0.value > $1.value : $0.name < $1.name }
        }
        var sectors: [String: Amount] = [:]
        for holding in valuation.holdings {
            sectors[holding.sector] = try (sectors[holding.sector] ?? .zero) + holding.value
        }
        let holdings = Dictionary(uniqueKeysWithValues: valuation.holdings.map { ($0.symbol, $0.value) })
        return PortfolioAnalytics(
            valuation: valuation, totalReturn: try total - valuation.invested, annualizedReturn: rate,
            annualizedReturnUnavailable: unavailable, bySector: try slices(sectors), byHolding: try slices(holdings),
            history: snapshots.sorted { $0.day < $1.day })
    }
}
