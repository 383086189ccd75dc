import FeatureKit
import Foundation
import Money
import StockTrading

/// A holding as JSON/CSV rows show it.
struct HoldingRow: Encodable {
    var symbol: String
    var name: String
    var sector: String
    var quantity: Int
    var averageCost: Amount
    var costBasis: Amount
    @NullEncodable var price: Amount?
    var value: Amount
    var unrealizedPL: Amount
    @NullEncodable var unrealizedPLFraction: Amount?
    @NullEncodable var weight: Amount?
    @NullEncodable var priceAsOf: Date?
    var stale: Bool

    static let columns = [
        "symbol", "name", "sector", "quantity", "averageCost", "costBasis", "price", "value", "unrealizedPL",
        "unrealizedPLFraction", "weight", "priceAsOf", "stale",
    ]

    /// A row; `totalValue` is the portfolio's, for the weight (nil when it is zero).
    init(_ holding: HoldingValuation, totalValue: Amount?) {
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
        unrealizedPLFraction = Formatting.rate(holding.unrealizedPL, of: holding.costBasis)
        weight = totalValue.flatMap { Formatting.rate(holding.value, of: $0) }
        priceAsOf = holding.priceAsOf
        stale = holding.isStale
    }
}

extension HoldingRow {
    /// The rows of a valuation.
    static func rows(_ valuation: PortfolioValuation) -> [HoldingRow] {
        let total = valuation.totalValue.isZero ? nil : valuation.totalValue
        return valuation.holdings.map { HoldingRow($0, totalValue: total) }
    }
}

/// The portfolio as one JSON document.
struct PortfolioDocument: Encodable {
    struct Totals: Encodable {
        var holdingsValue: Amount
        var cash: Amount
        var totalValue: Amount
        var invested: Amount
        @NullEncodable var roi: Amount?
        var costBasis: Amount
        var unrealizedPL: Amount
        var realizedPL: Amount
    }

    var email: String
    var basis: String
    var pricesSource: String
    var pricesAsOf: Date
    var pricesStale: Bool
    var holdings: [HoldingRow]
    var totals: Totals

    init(_ valuation: PortfolioValuation, email: String, quotes: QuoteSet) {
        self.email = email
        basis = valuation.basis.rawValue
        pricesSource = quotes.source
        pricesAsOf = quotes.asOf
        pricesStale = quotes.isStale
        holdings = HoldingRow.rows(valuation)
        totals = Totals(
            holdingsValue: valuation.holdingsValue, cash: valuation.cash, totalValue: valuation.totalValue,
            invested: valuation.invested,
            roi: Formatting.roi(valuation),
            costBasis: valuation.costBasis,
            unrealizedPL: valuation.unrealizedPL, realizedPL: valuation.realizedPL)
    }
}
