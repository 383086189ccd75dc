import FeatureKit
import Foundation
import Money
import StockTrading

/// One allocation row as CSV shows it.
struct AllocationRow: Encodable {
    var group: String
    var name: String
    var value: Amount
    var weight: Amount
}
