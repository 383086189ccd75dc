/// Checked arithmetic: every operator throws ``MoneyError`` instead of trapping, so a corrupt or absurd
/// figure ends a command with a message, never a crash. Write `try a + b`.
extension Amount {
    /// The sum; throws on overflow.
    public static func + (lhs: Amount, rhs: Amount) throws(MoneyError) -> Amount {
        let (sum, overflow) = lhs.units.addingReportingOverflow(rhs.units)
        guard !overflow else { throw .overflow }
        return try Amount(units: sum)
    }

    /// The difference; throws on overflow.
    public static func - (lhs: Amount, rhs: Amount) throws(MoneyError) -> Amount {
        let (difference, overflow) = lhs.units.subtractingReportingOverflow(rhs.units)
        guard !overflow else { throw .overflow }
        return try Amount(units: difference)
    }

    /// Adds `rhs`; throws on overflow.
    public static func += (lhs: inout Amount, rhs: Amount) throws(MoneyError) { lhs = try lhs + rhs }
    /// Subtracts `rhs`; throws on overflow.
    public static func -= (lhs: inout Amount, rhs: Amount) throws(MoneyError) { lhs = try lhs - rhs }

    /// The product rounded half-to-even at the 12th decimal place (exact whenever the factors' places add up to
    /// 12 or fewer, as for a price times a number of shares).
    public static func * (lhs: Amount, rhs: Amount) throws(MoneyError) -> Amount {
        try lhs.multiplied(by: rhs, rounding: .halfEven)
    }

    /// The product; throws on overflow.
    public static func * (lhs: Amount, rhs: Int) throws(MoneyError) -> Amount {
        let (product, overflow) = lhs.units.multipliedReportingOverflow(by: Int128(rhs))
        guard !overflow else { throw .overflow }
        return try Amount(units: product)
    }

    /// The product; throws on overflow.
    public static func * (lhs: Int, rhs: Amount) throws(MoneyError) -> Amount { try rhs * lhs }

    /// The product rounded by `rule` at the 12th decimal place.
    public func multiplied(by other: Amount, rounding rule: RoundingRule) throws(MoneyError) -> Amount {
        let negative = isNegative != other.isNegative
        let wide = units.magnitude.multipliedFullWidth(by: other.units.magnitude)
        let divisor = UInt128(Self.unitsPerOne)
        // The quotient fits 128 bits only when the high half is below the divisor.
        guard wide.high < divisor else { throw .overflow }
        let (quotient, remainder) = divisor.dividingFullWidth(wide)
        let rounded = try Self.round(quotient, remainder: remainder, divisor: divisor, rule: rule, negative: negative)
        return try Self.signed(rounded, negative: negative)
    }

    /// The quotient rounded by `rule` to `places` decimals (at most 12).
    /// - Throws: ``MoneyError/divisionByZero`` or ``MoneyError/overflow``.
    public func divided(
        by divisor: Amount, places: Int = Amount.places, rounding rule: RoundingRule = .halfEven
    )
        throws(MoneyError) -> Amount
    {
        guard !divisor.isZero else { throw .divisionByZero }
        precondition((0...Self.places).contains(places), "places must be 0…\(Self.places)")
        let negative = isNegative != divisor.isNegative
        // units × 10^places / divisor.units gives the quotient in 10^-places; scale it back up afterwards.
        let wide = units.magnitude.multipliedFullWidth(by: UInt128(Self.powerOfTen(places)))
        let magnitude = divisor.units.magnitude
        guard wide.high < magnitude else { throw .overflow }
        let (quotient, remainder) = magnitude.dividingFullWidth(wide)
        let rounded = try Self.round(quotient, remainder: remainder, divisor: magnitude, rule: rule, negative: negative)
        let (scaled, overflow) = rounded.multipliedReportingOverflow(by: UInt128(Self.powerOfTen(Self.places - places)))
        guard !overflow else { throw .overflow }
        return try Self.signed(scaled, negative: negative)
    }

    /// The quotient by a whole number, rounded by `rule` to `places` decimals.
    public func divided(
        by divisor: Int, places: Int = Amount.places, rounding rule: RoundingRule = .halfEven
    )
        throws(MoneyError) -> Amount
    {
        try divided(by: Amount(divisor), places: places, rounding: rule)
    }

    /// `self / other` as a `Double` (a fraction for percentages); nil when `other` is zero.
    public func ratio(to other: Amount) -> Double? {
        guard !other.isZero else { return nil }
        return doubleValue / other.doubleValue
    }

    static func signed(_ magnitude: UInt128, negative: Bool) throws(MoneyError) -> Amount {
        guard magnitude <= Self.maximumUnits.magnitude else { throw .overflow }
        let value = Int128(magnitude)
        return Amount(uncheckedUnits: negative ? -value : value)
    }

    /// Applies `rule` to a truncated quotient given the remainder of its division.
    static func round(
        _ quotient: UInt128, remainder: UInt128, divisor: UInt128, rule: RoundingRule, negative: Bool
    ) throws(MoneyError) -> UInt128 {
        guard remainder != 0 else { return quotient }
        let up: Bool
        switch rule {
        case .towardZero: up = false
        case .awayFromZero: up = true
        case .halfUp, .halfEven:
            // Compare remainder with divisor/2 without overflowing: remainder vs divisor − remainder.
            let rest = divisor - remainder
            if remainder > rest {
                up = true
            } else if remainder < rest {
                up = false
            } else {
                up = rule == .halfUp || quotient % 2 == 1
            }
        case .down: up = negative
        case .up: up = !negative
        }
        guard up else { return quotient }
        let (next, overflow) = quotient.addingReportingOverflow(1)
        guard !overflow else { throw .overflow }
        return next
    }
}

extension Sequence where Element == Amount {
    /// The exact total.
    public func sum() throws(MoneyError) -> Amount {
        var total = Amount.zero
        for value in self { total = try total + value }
        return total
    }
}
