/// Whether a formatted amount shows `+` for positive values.
public enum SignStyle: Sendable, Hashable {
    /// `-£3.50`, `£12.00`.
    case negativeOnly
    /// `-£3.50`, `+£12.00`; zero has no sign.
    case always
}

extension Amount {
    /// The value for people: rounded to `places` by `rule`, grouped by thousands, the sign before the symbol:
    /// `£1,234.56`, `-£250.00`, `+₹90.5289`. A value that rounds to zero shows no sign.
    public func formatted(
        places: Int = 2, rounding rule: RoundingRule = .halfEven, symbol: String = "", grouping: Bool = true,
        sign: SignStyle = .negativeOnly
    ) -> String {
        let rounded = rounded(toPlaces: places, rule)
        let magnitude = rounded.units.magnitude
        let one = UInt128(Self.unitsPerOne)
        let whole = String(magnitude / one)
        var text = ""
        if rounded.isNegative {
            text += "-"
        } else if rounded.isPositive && sign == .always {
            text += "+"
        }
        text += symbol
        if grouping {
            let digits = Array(whole)
            for (index, digit) in digits.enumerated() {
                if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
                text.append(digit)
            }
        } else {
            text += whole
        }
        if places > 0 {
            let fraction = magnitude % one / UInt128(Self.powerOfTen(Self.places - places))
            let digits = String(fraction)
            text += "."
            text += String(repeating: "0", count: places - digits.count)
            text += digits
        }
        return text
    }

    /// The exact value in plain notation, as JSON and CSV write it: every significant digit, a point only when
    /// there is a fraction, `0` for zero (`90.5289`, `-12`, `0.000001`).
    public var plainText: String {
        let magnitude = units.magnitude
        let one = UInt128(Self.unitsPerOne)
        var text = isNegative ? "-" : ""
        text += String(magnitude / one)
        let places = significantPlaces
        if places > 0 {
            let fraction = magnitude % one / UInt128(Self.powerOfTen(Self.places - places))
            let digits = String(fraction)
            text += "."
            text += String(repeating: "0", count: places - digits.count)
            text += digits
        }
        return text
    }
}
