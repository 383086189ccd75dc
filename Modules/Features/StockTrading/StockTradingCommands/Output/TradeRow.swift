import FeatureKit
import Foundation
import Money
import StockTrading

/// A trade as JSON/CSV show it.
struct TradeRow: Encodable {
    var sequence: Int
    var side: String
    var symbol: String
    var quantity: Int
    var price: Amount
    var amount: Amount
    @NullEncodable var realizedPL: Amount?
    var cashAfter: Amount
    var positionQuantity: Int
    var positionAverageCost: Amount
    var timestamp: Date
    var stalePrice: Bool

    static let columns = [
        "sequence", "side", "symbol", "quantity", "price", "amount", "realizedPL", "cashAfter", "positionQuantity",
        "positionAverageCost", "timestamp", "stalePrice",
    ]
}
