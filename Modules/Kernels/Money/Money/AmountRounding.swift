/// How to drop digits. Each seed states its own rule; the caller names it at the call site.
public enum RoundingRule: Sendable, Hashable {
    /// Ties to the even neighbour (banker's rounding): no drift over many roundings.
    case halfEven
    /// Ties away from zero (commercial rounding, how a broker rounds a fill).
    case halfUp
    /// Truncation.
    case towardZero
    case awayFromZero
    /// Toward −∞ (floor).
    case down
    /// Toward +∞ (ceiling).
    case up
}

extension Amount {
    /// The value rounded to `places` decimals (0…12) by `rule`.
    public func rounded(toPlaces places: Int, _ rule: RoundingRule = .halfEven) -> Amount {
        precondition((0...Self.places).contains(places), "places must be 0…\(Self.places)")
        let step = Self.powerOfTen(Self.places - places)
        let magnitude = units.magnitude
        let quotient = magnitude / UInt128(step)
        let remainder = magnitude % UInt128(step)
        // Rounding an in-range value up by one step stays below Int128.max (the range is 10³⁸ − 1 units).
        let rounded =
            (try? Self.round(
                quotient, remainder: remainder, divisor: UInt128(step), rule: rule,
                negative: isNegative)) ?? quotient
        let value = Int128(rounded * UInt128(step))
        return Amount(uncheckedUnits: isNegative ? -value : value)
    }

    /// The number of decimal places the value needs (0 for whole numbers, 12 at most).
    public var significantPlaces: Int {
        // The fraction is below 10¹², so it is counted in 64 bits: 128-bit division is a library call.
        var rest = UInt64(units.magnitude % UInt128(Self.unitsPerOne))
        guard rest != 0 else { return 0 }
        var places = Self.places
        while rest % 10 == 0 {
            rest /= 10
            places -= 1
        }
        return places
    }
}
