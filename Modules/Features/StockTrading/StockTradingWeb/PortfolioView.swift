import FeatureKit
import Foundation
import Money

/// `folio stocks portfolio --format json`, read back for the page.
struct PortfolioView: Decodable, Sendable {
    struct Holding: Decodable, Sendable {
        var symbol: String
        var name: String
        var quantity: Int
        var averageCost: Amount
        var price: Amount?
        var value: Amount
        var unrealizedPL: Amount
    }

    struct Totals: Decodable, Sendable {
        var holdingsValue: Amount
        var cash: Amount
        var totalValue: Amount
        var unrealizedPL: Amount
    }

    var email: String
    var pricesAsOf: String
    var pricesStale: Bool
    var holdings: [Holding]
    var totals: Totals
}

/// Dollars as the CLI shows them.
enum Dollars {
    static func text(_ value: Amount, signed: Bool = false) -> String {
        signed ? NumberFormat.signedMoney(value, currency: "USD") : NumberFormat.money(value, currency: "USD")
    }
}
