import Foundation
import Money

/// One holding as the portfolio reports it.
public struct HoldingRow: Codable, Sendable, Equatable {
    /// Ticker.
    public var symbol: String
    /// Company name.
    public var name: String
    /// Sector.
    public var sector: String
    /// Shares held.
    public var quantity: Int
    /// Cost basis per share, to the cent.
    public var averageCost: Amount
    /// What the shares cost on the report's basis.
    public var costBasis: Amount
    /// Last price; null when the market has none.
    @NullEncodable public var price: Amount?
    /// Quantity × price.
    public var value: Amount
    /// Value − cost basis.
    public var unrealizedPL: Amount
    /// Unrealized P/L / cost basis, 8 places; null without a cost.
    @NullEncodable public var unrealizedPLFraction: Amount?
    /// Value / total value, 8 places; null when the total is zero.
    @NullEncodable public var weight: Amount?
    /// When the price was fetched.
    @NullEncodable public var priceAsOf: Date?
    /// Whether the price is a last known one.
    public var stale: Bool

    /// The CSV columns, in order.
    public static let columns = [
        "symbol", "name", "sector", "quantity", "averageCost", "costBasis", "price", "value", "unrealizedPL",
        "unrealizedPLFraction", "weight", "priceAsOf", "stale",
    ]

    /// A row; `totalValue` is the portfolio's, for the weight (nil when it is zero).
    public init(_ holding: HoldingValuation, totalValue: Amount?) {
        symbol = holding.symbol
        name = holding.name
        sector = holding.sector
        quantity = holding.quantity
        averageCost = Position(symbol: holding.symbol, quantity: holding.quantity, cost: holding.costBasis)
            .averageCost(places: 2, rounding: .halfUp)
        costBasis = holding.costBasis
        price = holding.price
        value = holding.value
        unrealizedPL = holding.unrealizedPL
        unrealizedPLFraction = ReportFigures.rate(holding.unrealizedPL, of: holding.costBasis)
        weight = totalValue.flatMap { ReportFigures.rate(holding.value, of: $0) }
        priceAsOf = holding.priceAsOf
        stale = holding.isStale
    }

    /// The rows of a valuation.
    public static func rows(_ valuation: PortfolioValuation) -> [HoldingRow] {
        let total = valuation.totalValue.isZero ? nil : valuation.totalValue
        return valuation.holdings.map { HoldingRow($0, totalValue: total) }
    }
}

/// A portfolio valued at current prices: what `folio stocks portfolio --format json` prints and
/// `/api/stocks/portfolio` answers.
public struct PortfolioReport: Codable, Sendable, Equatable {
    /// The portfolio's totals.
    public struct Totals: Codable, Sendable, Equatable {
        /// Σ holding values.
        public var holdingsValue: Amount
        /// Cash.
        public var cash: Amount
        /// Holdings value + cash.
        public var totalValue: Amount
        /// Deposits − withdrawals.
        public var invested: Amount
        /// (Total value − invested) / invested, 8 places; null when nothing is invested.
        @NullEncodable public var roi: Amount?
        /// Σ cost basis.
        public var costBasis: Amount
        /// Holdings value − cost basis.
        public var unrealizedPL: Amount
        /// P/L realized by sells.
        public var realizedPL: Amount
    }

    /// Whose portfolio.
    public var email: String
    /// The account's currency: cash, cost, prices and values are in it (a symbol priced in another currency is
    /// converted at the current rate).
    public var currency: String
    /// `average` or `fifo`.
    public var basis: String
    /// Where the prices came from.
    public var pricesSource: String
    /// When they were fetched.
    public var pricesAsOf: Date
    /// Whether they are last known prices.
    public var pricesStale: Bool
    /// The holdings.
    public var holdings: [HoldingRow]
    /// The totals.
    public var totals: Totals

    /// The report of a valuation.
    public init(_ valuation: PortfolioValuation, email: String, quotes: QuoteSet, currency: String = "USD") {
        self.email = email
        self.currency = currency
        basis = valuation.basis.rawValue
        pricesSource = quotes.source
        pricesAsOf = quotes.asOf
        pricesStale = quotes.isStale
        holdings = HoldingRow.rows(valuation)
        totals = Totals(
            holdingsValue: valuation.holdingsValue, cash: valuation.cash, totalValue: valuation.totalValue,
            invested: valuation.invested, roi: ReportFigures.roi(valuation), costBasis: valuation.costBasis,
            unrealizedPL: valuation.unrealizedPL, realizedPL: valuation.realizedPL)
    }
}
