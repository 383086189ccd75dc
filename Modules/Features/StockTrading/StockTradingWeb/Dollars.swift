import FeatureKit
import Money

/// Dollars as the CLI shows them.
enum Dollars {
    static func text(_ value: Amount, signed: Bool = false) -> String {
        signed ? NumberFormat.signedMoney(value, currency: "USD") : NumberFormat.money(value, currency: "USD")
    }
}
