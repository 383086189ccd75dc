import Money

/// A change between two figures as reports carry it: both figures, the difference, the fraction and the trend.
public struct ChangeReport: Codable, Sendable, Equatable {
    /// The earlier figure.
    public var previous: Amount
    /// The later figure.
    public var current: Amount
    /// `current − previous`.
    public var change: Amount
    /// `change ÷ |previous|` to six places; null when `previous` is zero.
    @NullEncodable public var changePercent: Amount?
    /// `positive` (good news), `negative` or `none`.
    public var trend: Trend

    /// The report of `change`.
    public init(_ change: BalanceChange) {
        previous = change.previous
        current = change.current
        self.change = change.amount
        changePercent = change.roundedFraction
        trend = change.trend
    }
}

extension BalanceChange {
    /// ``fraction`` rounded half-to-even to six places (0.041667), enough for a percentage with four decimals;
    /// for reports only (stored values are never rounded).
    public var roundedFraction: Amount? { fraction?.rounded(toPlaces: 6, .halfEven) }
}
