import ETFAnalyzer
import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import Timing

/// Figures as the page shows them (USD, as the page analyses): money at two decimals, fractions as unsigned
/// percentages.
enum Show {
    static func money(_ value: Amount) -> String { NumberFormat.money(value, currency: "USD") }
    /// A gain or a loss: `+$1,000.00`, `-$1,000.00`, as every signed figure on the pages.
    static func signedMoney(_ value: Amount) -> String { NumberFormat.signedMoney(value, currency: "USD") }
    static func percent(_ value: Amount) -> String { percent(value, places: 2) }
    static func percent(_ value: Amount, places: Int) -> String {
        NumberFormat.percent(value, fractionDigits: places, signed: false)
    }
}
