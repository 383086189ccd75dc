import Money

/// Whether a change is good news: assets growing and debts shrinking are positive.
public enum Trend: String, Sendable, Hashable, Codable {
    /// Good news: an asset grew or a debt shrank.
    case positive
    /// Bad news: an asset fell or a debt grew.
    case negative
    /// No change.
    case none
}

/// A change between two balances: the amount, the percentage and which way is good.
public struct BalanceChange: Sendable, Hashable {
    /// The earlier balance.
    public var previous: Amount
    /// The later balance.
    public var current: Amount
    /// Whether the balances are debts (a fall is good news).
    public var isDebt: Bool
    /// `current − previous`: negative when a debt was paid down.
    public let amount: Amount

    /// Creates a change from `previous` to `current`.
    /// - Throws: ``NetWorthError`` when the difference is beyond what an amount can hold.
    public init(from previous: Amount, to current: Amount, isDebt: Bool) throws(NetWorthError) {
        self.previous = previous
        self.current = current
        self.isDebt = isDebt
        amount = try NetWorthError.checked { () throws(MoneyError) in try current - previous }
    }

    /// `(current − previous) / |previous|` as a fraction (12 places); nil when the previous balance is zero,
    /// where a percentage means nothing (or when the ratio is beyond any amount).
    public var fraction: Amount? {
        guard !previous.isZero else { return nil }
        return try? amount.divided(by: previous.magnitude)
    }

    /// Whether nothing changed.
    public var isZero: Bool { amount.isZero }

    /// The direction of the balance itself: +1 up, −1 down, 0 flat.
    public var direction: Int { amount.signum }

    /// Good or bad news: for a debt, going down is positive.
    public var trend: Trend {
        switch (direction, isDebt) {
        case (0, _): .none
        case (1, false), (-1, true): .positive
        default: .negative
        }
    }
}
