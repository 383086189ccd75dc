import Foundation

/// The few operations `Decimal` lacks: rounding to places, and a bridge to `Double` for fractional powers.
public enum DecimalMath {
    /// `value` rounded half-to-even to `places` decimal places.
    public static func rounded(_ value: Decimal, places: Int) -> Decimal {
        var input = value
        var result = Decimal()
        NSDecimalRound(&result, &input, places, .bankers)
        return result
    }

    /// The nearest `Double`.
    public static func double(_ value: Decimal) -> Double {
        NSDecimalNumber(decimal: value).doubleValue
    }

    /// A `Double` result as a `Decimal` rounded to `places` (a double carries ~15 significant digits, so
    /// the binary tail is noise), or nil when it is not finite.
    public static func decimal(_ value: Double, places: Int = 10) -> Decimal? {
        guard value.isFinite else { return nil }
        return rounded(Decimal(value), places: places)
    }

    /// `(ratio)^(365 / days) − 1`, the annualized rate of a growth `ratio` over `days`; nil for no time
    /// held, a ratio that is not positive (a loss beyond the whole investment has no annual rate), or a
    /// result too large to mean anything.
    public static func annualized(ratio: Double, days: Double) -> Decimal? {
        guard days > 0, ratio > 0, ratio.isFinite else { return nil }
        let rate = pow(ratio, 365 / days) - 1
        guard rate.isFinite, abs(rate) < 1e18 else { return nil }
        return decimal(rate)
    }
}
