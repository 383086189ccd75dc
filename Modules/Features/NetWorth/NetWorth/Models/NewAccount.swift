import Money
import Timing

/// What is needed to add an account, with an optional opening balance.
public struct NewAccount: Sendable, Hashable {
    /// The unique name.
    public var name: String
    /// The kind of account.
    public var type: AccountType
    /// The ISO 4217 currency; nil for the base currency (or, for an account that follows a source, the source's).
    public var currency: String?
    /// A free-text note.
    public var note: String?
    /// Whether it counts towards net worth.
    public var isIncluded: Bool
    /// The opening balance, recorded as the first update.
    public var openingBalance: BalanceUpdate?

    /// Creates a request to add an account.
    public init(
        name: String, type: AccountType, currency: String? = nil, note: String? = nil, isIncluded: Bool = true,
        openingBalance: BalanceUpdate? = nil
    ) {
        self.name = name
        self.type = type
        self.currency = currency
        self.note = note
        self.isIncluded = isIncluded
        self.openingBalance = openingBalance
    }
}
