import FeatureKit
import Foundation
import Money
import NetWorth
import Timing

/// An account as JSON and CSV: the same keys in both.
struct AccountRow: Encodable {
    var name: String
    var type: String
    var debt: Bool
    var currency: String
    var included: Bool
    var createdOn: String
    @NullEncodable var note: String?
    @NullEncodable var balance: Amount?
    @NullEncodable var lastUpdate: String?
    @NullEncodable var previousBalance: Amount?
    @NullEncodable var previousUpdate: String?
    @NullEncodable var change: Amount?
    @NullEncodable var changePercent: Amount?
    @NullEncodable var trend: String?
    var updates: Int

    static let columns = [
        "name", "type", "debt", "currency", "included", "createdOn", "note", "balance", "lastUpdate",
        "previousBalance", "previousUpdate", "change", "changePercent", "trend", "updates",
    ]

    init(_ account: Account) throws {
        name = account.name
        type = account.type.rawValue
        debt = account.type.isDebt
        currency = account.currency
        included = account.isIncluded
        createdOn = account.createdOn.iso8601
        note = account.note
        balance = account.latestUpdate?.amount
        lastUpdate = account.latestUpdate?.date.iso8601
        previousBalance = account.previousUpdate?.amount
        previousUpdate = account.previousUpdate?.date.iso8601
        let change = try account.changeSinceLastUpdate
        self.change = change?.amount
        changePercent = change?.roundedFraction
        trend = change?.trend.rawValue
        updates = account.updates.count
    }
}

/// Money in an account's own currency, or `—` before its first update.
func balanceText(_ account: Account) -> String {
    account.latestUpdate.map { NumberFormat.money($0.amount, currency: account.currency) } ?? "—"
}
