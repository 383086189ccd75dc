import Money
import Timing

/// What recording a balance did.
public struct BalanceRecorded: Codable, Sendable, Equatable {
    /// The account's name as stored.
    public var account: String
    /// Its currency.
    public var currency: String
    /// Whether it is a debt (a fall is good news).
    public var debt: Bool
    /// The date recorded.
    public var date: CalendarDate
    /// The balance recorded.
    public var amount: Amount
    /// The balance it replaced on the same date; null when the date was new.
    @NullEncodable public var replaced: Amount?
    /// The change from the latest balance before `date`; null when there is none.
    @NullEncodable public var changeSincePrevious: DatedChange?
    /// The date of a later balance that stays the latest; null when this one is the latest.
    @NullEncodable public var laterBalanceOn: CalendarDate?
    /// What a forced date let through (after today, before the opening balance).
    public var warnings: [String]
}

/// A change since an earlier dated balance.
public struct DatedChange: Codable, Sendable, Equatable {
    /// The date of the earlier balance.
    public var since: CalendarDate
    /// The change.
    public var change: ChangeReport
}

/// What removing a balance did.
public struct BalanceRemoved: Codable, Sendable, Equatable {
    /// The account's name as stored.
    public var account: String
    /// Its currency.
    public var currency: String
    /// The date removed.
    public var date: CalendarDate
    /// The balance removed.
    public var amount: Amount
}
