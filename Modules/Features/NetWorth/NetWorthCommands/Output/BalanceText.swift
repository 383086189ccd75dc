import FeatureKit
import Foundation
import Money
import NetWorth
import Timing

/// Money in an account's own currency, or `—` before its first update.
func balanceText(_ account: Account) -> String {
    account.latestUpdate.map { NumberFormat.money($0.amount, currency: account.currency) } ?? "—"
}
