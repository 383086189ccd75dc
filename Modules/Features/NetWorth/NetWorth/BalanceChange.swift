import Foundation

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
    public var previous: Decimal
    /// The later balance.
    public var current: Decimal
    /// Whether the balances are debts (a fall is good news).
    public var isDebt: Bool

    /// Creates a change from `previous` to `current`.
    public init(from previous: Decimal, to current: Decimal, isDebt: Bool) {
        self.previous = previous
        self.current = current
        self.isDebt = isDebt
    }

    /// `current − previous`: negative when a debt was paid down.
    public var amount: Decimal { current - previous }

    /// `(current − previous) / |previous|` as a fraction; nil when the previous balance is zero, where a
    /// percentage means nothing.
    public var fraction: Decimal? {
        guard previous != 0 else { return nil }
        let magnitude = previous < 0 ? -previous : previous
        return amount / magnitude
    }

    /// Whether nothing changed.
    public var isZero: Bool { amount == 0 }

    /// The direction of the balance itself: +1 up, −1 down, 0 flat.
    public var direction: Int { amount > 0 ? 1 : amount < 0 ? -1 : 0 }

    /// Good or bad news: for a debt, going down is positive.
    public var trend: Trend {
        switch (direction, isDebt) {
        case (0, _): .none
        case (1, false), (-1, true): .positive
        default: .negative
        }
    }
}
