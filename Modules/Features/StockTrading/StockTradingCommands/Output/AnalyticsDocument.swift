import FeatureKit
import Foundation
import Money
import StockTrading

/// The analytics as one JSON document.
struct AnalyticsDocument: Encodable {
    struct Slice: Encodable {
        var name: String
        var value: Amount
        var weight: Amount
    }

    struct Point: Encodable {
        var date: String
        var totalValue: Amount
        var holdingsValue: Amount
        var cash: Amount
        var invested: Amount
    }

    var email: String
    var basis: String
    var totalValue: Amount
    var invested: Amount
    var totalReturn: Amount
    @NullEncodable var roi: Amount?
    var realizedPL: Amount
    var unrealizedPL: Amount
    @NullEncodable var annualizedReturn: Double?
    @NullEncodable var annualizedReturnNote: String?
    var bySector: [Slice]
    var byHolding: [Slice]
    var valueHistory: [Point]
}

/// One allocation row as CSV shows it.
struct AllocationRow: Encodable {
    var group: String
    var name: String
    var value: Amount
    var weight: Amount
}
