import Money

/// How reports round ratios: half up to 8 decimals, so a weight reads `0.12345679` rather than every digit.
public enum ReportFigures {
    /// `part / whole` to 8 places, divided once so nothing is rounded twice; nil when `whole` is zero.
    public static func rate(_ part: Amount, of whole: Amount) -> Amount? {
        guard !whole.isZero else { return nil }
        return try? part.divided(by: whole, places: 8, rounding: .halfUp)
    }

    /// `(total value − invested) / invested` to 8 places; nil when nothing is invested.
    public static func roi(_ valuation: PortfolioValuation) -> Amount? {
        guard valuation.invested.isPositive, let gain = try? valuation.totalValue - valuation.invested else {
            return nil
        }
        return rate(gain, of: valuation.invested)
    }
}
