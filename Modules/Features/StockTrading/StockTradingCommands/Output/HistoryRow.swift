import FeatureKit
import Foundation
import Money
import StockTrading

/// A history entry as JSON/CSV rows show it.
struct HistoryRow: Encodable {
    var sequence: Int
    var timestamp: Date
    var side: String
    @NullEncodable var symbol: String?
    @NullEncodable var quantity: Int?
    @NullEncodable var price: Amount?
    var amount: Amount
    @NullEncodable var realizedPL: Amount?
    var cashAfter: Amount
    @NullEncodable var note: String?

    static let columns = [
        "sequence", "timestamp", "side", "symbol", "quantity", "price", "amount", "realizedPL", "cashAfter", "note",
    ]
}
