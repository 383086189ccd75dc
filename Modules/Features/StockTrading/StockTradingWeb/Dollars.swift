import FeatureKit
import Money

/// Dollars as the CLI shows them.
enum Dollars {
    static func text(_ value: Amount, signed: Bool = false, currency: String = "USD") -> String {
        signed ? NumberFormat.signedMoney(value, currency: currency) : NumberFormat.money(value, currency: currency)
    }
}
