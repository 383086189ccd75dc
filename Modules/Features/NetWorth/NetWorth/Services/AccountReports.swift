import Money
import Timing

/// An account as a change left it.
public struct AccountReport: Codable, Sendable, Equatable {
    /// The name as stored (as typed).
    public var name: String
    /// The account type.
    public var type: AccountType
    /// Its currency.
    public var currency: String
    /// Whether its own include flag is on.
    public var included: Bool
    /// Its note.
    @NullEncodable public var note: String?
    /// The number of balance updates.
    public var updates: Int
    /// The latest balance.
    @NullEncodable public var balance: Amount?
    /// The date of the latest balance.
    @NullEncodable public var lastUpdate: CalendarDate?
    /// The rate a foreign account lacks to be valued from its first balance (or today); null when it has one.
    @NullEncodable public var missingRate: MissingRate?

    init(_ account: Account, missingRate: MissingRate? = nil) {
        name = account.name
        type = account.type
        currency = account.currency
        included = account.isIncluded
        note = account.note
        updates = account.updates.count
        balance = account.latestUpdate?.amount
        lastUpdate = account.latestUpdate?.date
        self.missingRate = missingRate
    }
}

/// A rate that is not stored: `1 currency = ? base` from `date`.
public struct MissingRate: Codable, Sendable, Equatable {
    /// The currency without a rate.
    public var currency: String
    /// The base currency it must be converted into.
    public var base: String
    /// The first date it is needed.
    public var date: CalendarDate
}

/// What including or excluding an account did.
public struct InclusionChanged: Codable, Sendable, Equatable {
    /// The account's name as stored.
    public var account: String
    /// Whether it now counts (its own flag).
    public var included: Bool
    /// False when it already was as asked.
    public var changed: Bool
}
