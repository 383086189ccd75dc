import Foundation
import Money
import Timing

/// An account as `accounts list` and `accounts show` print it (JSON and CSV share the keys): its recorded balance,
/// the change since the last update and, for an account that follows a value source, the source with what reading
/// it gives now.
public struct AccountListing: Codable, Sendable, Equatable {
    /// The name as stored.
    public var name: String
    /// The account type.
    public var type: String
    /// Whether it is a debt (subtracted).
    public var debt: Bool
    /// Its currency.
    public var currency: String
    /// Whether its own include flag is on.
    public var included: Bool
    /// The day it was added.
    public var createdOn: String
    /// Its note.
    @NullEncodable public var note: String?
    /// The latest recorded balance (never a source's unrecorded value).
    @NullEncodable public var balance: Amount?
    /// The date of the latest balance.
    @NullEncodable public var lastUpdate: String?
    /// The balance before it.
    @NullEncodable public var previousBalance: Amount?
    /// The date of the balance before it.
    @NullEncodable public var previousUpdate: String?
    /// Latest − previous balance.
    @NullEncodable public var change: Amount?
    /// The change as a fraction of |previous balance|.
    @NullEncodable public var changePercent: Amount?
    /// `positive`, `negative` or `none` (for a debt a fall is positive).
    @NullEncodable public var trend: String?
    /// The number of balance updates.
    public var updates: Int
    /// The value source the account follows; null when it follows none.
    @NullEncodable public var source: String?
    /// The day the link was made.
    @NullEncodable public var linkedOn: String?
    /// What reading the source gave now: `live`, `stale`, `unavailable` or `nothing`.
    @NullEncodable public var sourceStatus: String?
    /// The source's value now, at the currency's minor unit; null when it gave none that can be used.
    @NullEncodable public var sourceValue: Amount?
    /// When the source's value was true.
    @NullEncodable public var sourceAsOf: Date?
    /// Why the source's value cannot be used now.
    @NullEncodable public var sourceProblem: String?

    /// The CSV columns, in JSON key names.
    public static let columns = [
        "name", "type", "debt", "currency", "included", "createdOn", "note", "balance", "lastUpdate",
        "previousBalance", "previousUpdate", "change", "changePercent", "trend", "updates", "source", "linkedOn",
        "sourceStatus", "sourceValue", "sourceAsOf", "sourceProblem",
    ]

    init(
        _ account: Account, link: AccountLink?, reading: SourceReading?, rates: ExchangeRates? = nil,
        on date: CalendarDate? = nil
    ) throws(NetWorthError) {
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
        source = link?.source
        linkedOn = link?.linkedOn.iso8601
        if let reading {
            let found = LinkedBalances.balance(reading, for: account, rates: rates, on: date)
            sourceStatus = found.status
            sourceValue = found.amount
            sourceAsOf = found.asOf
            sourceProblem = found.problem
        }
    }
}
