import Foundation

/// The few operations `Decimal` lacks: rounding to places and a bridge to `Double`.
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
}
