import Foundation

/// One holding valued at the market.
public struct HoldingValuation: Sendable, Equatable {
    /// Ticker.
    public var symbol: String
    /// Company name (the symbol when no quote is known).
    public var name: String
    /// Sector (`Unknown` when no quote is known).
    public var sector: String
    /// Shares held.
    public var quantity: Int
    /// Cost of the shares held under the chosen basis.
    public var costBasis: Decimal
    /// `costBasis / quantity`.
    public var averageCost: Decimal
    /// The price used, or nil when no quote was ever obtained (the holding is then valued at cost).
    public var price: Decimal?
    /// `quantity × price` rounded to cents (the cost basis without a price).
    public var value: Decimal
    /// `value − costBasis`.
    public var unrealizedPL: Decimal
    /// `unrealizedPL / costBasis`, nil at zero cost.
    public var unrealizedPLFraction: Decimal?
    /// `value / total value` (cash included), nil when the total is zero.
    public var weight: Decimal?
    /// When the price was obtained.
    public var priceAsOf: Date?
    /// Whether the price is a last known price rather than a current one.
    public var isStale: Bool
}

/// A portfolio valued at the market: the holdings and the account totals.
public struct PortfolioValuation: Sendable, Equatable {
    /// Holdings by symbol.
    public var holdings: [HoldingValuation]
    /// `Σ value`.
    public var holdingsValue: Decimal
    /// Cash.
    public var cash: Decimal
    /// `holdingsValue + cash`.
    public var totalValue: Decimal
    /// Deposits minus withdrawals: the money put in.
    public var invested: Decimal
    /// `(totalValue − invested) / invested`, nil when nothing is invested.
    public var roi: Decimal?
    /// `Σ costBasis`.
    public var costBasis: Decimal
    /// `Σ unrealizedPL`.
    public var unrealizedPL: Decimal
    /// Realized P/L of all sells under the chosen basis.
    public var realizedPL: Decimal
    /// The cost basis method used.
    public var basis: CostBasisMethod

    /// Values `holdings` with `quotes`; under FIFO the positions' cost and the realized P/L come from
    /// replaying `history`.
    public static func make(
        holdings: Holdings, history: [LedgerEntry], quotes: QuoteSet?, basis: CostBasisMethod
    ) -> PortfolioValuation {
        var positions = holdings.positions
        var realized = holdings.state.realizedPL
        if basis == .fifo {
            let replay = CostBasis.replay(history, method: .fifo)
            positions = positions.map { position in
                var adjusted = position
                if let replayed = replay.positions[position.symbol], replayed.quantity == position.quantity {
                    adjusted.cost = replayed.cost
                }
                return adjusted
            }
            realized = replay.realizedPL
        }
        var rows: [HoldingValuation] = positions.sorted { $0.symbol < $1.symbol }.map { position in
            let market = quotes?.quote(for: position.symbol)
            let price = market?.quote.price
            let value = price.map { Money.cents($0 * Decimal(position.quantity)) } ?? position.cost
            let pl = value - position.cost
            return HoldingValuation(
                symbol: position.symbol, name: market?.quote.name ?? BundledStocks.stock(position.symbol)?.name ?? position.symbol,
                sector: market?.quote.sector ?? BundledStocks.stock(position.symbol)?.sector ?? "Unknown",
                quantity: position.quantity, costBasis: position.cost, averageCost: position.averageCost, price: price,
                value: value, unrealizedPL: pl, unrealizedPLFraction: position.cost == 0 ? nil : pl / position.cost,
                weight: nil, priceAsOf: market?.asOf, isStale: market?.isStale ?? true)
        }
        let holdingsValue = rows.reduce(Decimal(0)) { $0 + $1.value }
        let total = holdingsValue + holdings.state.cash
        for index in rows.indices where total != 0 { rows[index].weight = rows[index].value / total }
        let invested = holdings.state.netDeposits
        return PortfolioValuation(
            holdings: rows, holdingsValue: holdingsValue, cash: holdings.state.cash, totalValue: total, invested: invested,
            roi: invested > 0 ? (total - invested) / invested : nil, costBasis: rows.reduce(0) { $0 + $1.costBasis },
            unrealizedPL: rows.reduce(0) { $0 + $1.unrealizedPL }, realizedPL: realized, basis: basis)
    }
}
