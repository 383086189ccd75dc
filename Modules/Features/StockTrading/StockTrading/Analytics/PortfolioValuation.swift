import Foundation
import MarketData
import Money

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
    public var costBasis: Amount
    /// `costBasis / quantity`.
    public var averageCost: Amount
    /// The price used, or nil when no quote was ever obtained (the holding is then valued at cost).
    public var price: Amount?
    /// `quantity × price` rounded to cents (the cost basis without a price).
    public var value: Amount
    /// `value − costBasis`.
    public var unrealizedPL: Amount
    /// `unrealizedPL / costBasis`, nil at zero cost.
    public var unrealizedPLFraction: Amount?
    /// `value / total value` (cash included), nil when the total is zero.
    public var weight: Amount?
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
    public var holdingsValue: Amount
    /// Cash.
    public var cash: Amount
    /// `holdingsValue + cash`.
    public var totalValue: Amount
    /// Deposits minus withdrawals: the money put in.
    public var invested: Amount
    /// `(totalValue − invested) / invested`, nil when nothing is invested.
    public var roi: Amount?
    /// `Σ costBasis`.
    public var costBasis: Amount
    /// `Σ unrealizedPL`.
    public var unrealizedPL: Amount
    /// Realized P/L of all sells under the chosen basis.
    public var realizedPL: Amount
    /// The cost basis method used.
    public var basis: CostBasisMethod

    /// Values `holdings` with `quotes`; under FIFO the positions' cost and the realized P/L come from
    /// replaying `history`. Fractions (P/L %, weights, ROI) carry 12 places, rounded half up.
    public static func make(
        holdings: Holdings, history: [LedgerEntry], quotes: QuoteSet?, basis: CostBasisMethod
    ) throws -> PortfolioValuation {
        var positions = holdings.positions
        var realized = holdings.state.realizedPL
        if basis == .fifo {
            let replay = try CostBasis.replay(history, method: .fifo)
            positions = positions.map { position in
                var adjusted = position
                if let replayed = replay.positions[position.symbol], replayed.quantity == position.quantity {
                    adjusted.cost = replayed.cost
                }
                return adjusted
            }
            realized = replay.realizedPL
        }
        var rows: [HoldingValuation] = []
        for position in positions.sorted(by: { $0.symbol < $1.symbol }) {
            let market = quotes?.quote(for: position.symbol)
            let price = market?.quote.price
            let value = try price.map { try ($0 * position.quantity).rounded(toPlaces: 2, .halfUp) } ?? position.cost
            let pl = try value - position.cost
            let listed = BundledStocks.stock(position.symbol)
            rows.append(
                HoldingValuation(
                    symbol: position.symbol, name: market?.quote.name ?? listed?.name ?? position.symbol,
                    sector: market?.quote.sector ?? listed?.sector ?? "Unknown", quantity: position.quantity,
                    costBasis: position.cost, averageCost: position.averageCost, price: price, value: value,
                    unrealizedPL: pl, unrealizedPLFraction: try fraction(pl, of: position.cost), weight: nil,
                    priceAsOf: market?.asOf, isStale: market?.isStale ?? true))
        }
        let holdingsValue = try rows.map(\.value).sum()
        let total = try holdingsValue + holdings.state.cash
        for index in rows.indices { rows[index].weight = try fraction(rows[index].value, of: total) }
        let invested = holdings.state.netDeposits
        return PortfolioValuation(
            holdings: rows, holdingsValue: holdingsValue, cash: holdings.state.cash, totalValue: total,
            invested: invested,
            roi: invested.isPositive ? try fraction(try total - invested, of: invested) : nil,
            costBasis: try rows.map(\.costBasis).sum(), unrealizedPL: try rows.map(\.unrealizedPL).sum(),
            realizedPL: realized, basis: basis)
    }

    /// `part / whole` to 12 places, nil when `whole` is zero.
    public static func fraction(_ part: Amount, of whole: Amount) throws -> Amount? {
        whole.isZero ? nil : try part.divided(by: whole, places: Amount.places, rounding: .halfUp)
    }
}
