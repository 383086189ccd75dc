import Foundation

/// A JSON number with every digit (`JSONEncoder` writes a `Decimal` digit for digit); reading also takes a
/// number in a string (`"90.5289"`), the form several APIs send prices in.
extension Amount: Codable {
    /// Decodes the stored form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            do {
                self = try Amount(parsing: text, options: .plain)
            } catch {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\"\(text)\" is not an amount: \(error)")
            }
            return
        }
        let decimal = try container.decode(Decimal.self)
        // Most numbers have 15 significant digits or fewer, which a Double holds exactly: read them through the
        // Double's shortest text and keep the result only when it equals the exact Decimal, so nothing is lost.
        if let double = try? container.decode(Double.self), let candidate = Amount(shortestDigitsOf: double),
            candidate.decimalValue == decimal
        {
            self = candidate
            return
        }
        do {
            self = try Amount(exactly: decimal)
        } catch {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(decimal) is not an amount: \(error)")
        }
    }

    /// Encodes the stored form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        // `JSONEncoder` prints a Double as its shortest round-trip text and an integer as its digits, the same
        // text a Decimal prints for these values at a fraction of the cost; other values go through Decimal.
        if let whole = wholeValue {
            try container.encode(whole)
        } else if let double = exactDouble {
            try container.encode(double)
        } else {
            try container.encode(decimalValue)
        }
    }

    /// The value as an `Int64` when it is a whole number that fits.
    var wholeValue: Int64? {
        guard units % Self.unitsPerOne == 0 else { return nil }
        return Int64(exactly: units / Self.unitsPerOne)
    }

    /// The `Double` whose shortest text is exactly this value's plain text: 15 significant digits or fewer, and
    /// within the range where Swift prints a Double without an exponent (10⁻⁴ ≤ |x| < 10¹⁵).
    var exactDouble: Double? {
        let places = significantPlaces
        let significand = units.magnitude / UInt128(Self.powerOfTen(Self.places - places))
        guard significand < 1_000_000_000_000_000, units.magnitude >= UInt128(Self.unitsPerOne / 10_000),
            units.magnitude < UInt128(Self.unitsPerOne) * 1_000_000_000_000_000
        else { return nil }
        // Both operands are exact Doubles and IEEE division rounds correctly: the result is the Double nearest
        // the decimal, whose shortest text is that decimal (it has at most 15 significant digits).
        let value = Double(UInt64(significand)) / Self.doublePowersOfTen[places]
        return isNegative ? -value : value
    }

    static let doublePowersOfTen: [Double] = (0...Amount.places).map { pow(10, Double($0)) }

    /// The amount written by a Double's shortest text (`0.1` is 0.1, not 0.1000000000000000055…), when that text
    /// has at most 12 decimal places and no exponent; nil otherwise.
    public init?(shortestDigitsOf double: Double) {
        guard double.isFinite, abs(double) < 1e15 else { return nil }
        let text = "\(double)"
        guard !text.utf8.contains(UInt8(ascii: "e")), let amount = try? Amount(parsing: text, options: .plain) else {
            return nil
        }
        self = amount
    }
}

extension Amount {
    /// The same value as a Foundation `Decimal` (exact: 38 digits hold every amount).
    public var decimalValue: Decimal {
        // Built from its integer parts (no text to parse): ± (high·2⁶⁴ + low) × 10⁻¹².
        // Trailing zeros are dropped first so the Decimal is in its shortest form, as if parsed from plain text.
        let places = significantPlaces
        let magnitude = units.magnitude / UInt128(Self.powerOfTen(Self.places - places))
        let high = UInt64(truncatingIfNeeded: magnitude >> 64)
        let low = UInt64(truncatingIfNeeded: magnitude)
        var significand = Decimal(low)
        if high != 0 { significand += Decimal(high) * Self.twoToThe64 }
        return Decimal(sign: isNegative ? .minus : .plus, exponent: -places, significand: significand)
    }

    private static let twoToThe64 = Decimal(string: "18446744073709551616")!

    /// A `Decimal` as an amount.
    /// - Throws: ``MoneyError/notANumber`` for NaN, ``MoneyError/tooManyPlaces(allowed:)`` beyond 12 places,
    ///   ``MoneyError/overflow`` beyond the range.
    public init(exactly decimal: Decimal) throws(MoneyError) {
        guard !decimal.isNaN else { throw .notANumber }
        self = try Amount(parsing: decimal.description, options: .plain)
    }

    /// The amount nearest to `value` at `places` decimals; nil for NaN, infinities and values beyond the range.
    /// For figures computed in floating point (a projection, an average of ratios), never for stored money.
    public init?(_ value: Double, places: Int, rounding rule: FloatingPointRoundingRule = .toNearestOrEven) {
        precondition((0...Self.places).contains(places), "places must be 0…\(Self.places)")
        guard value.isFinite else { return nil }
        let scaled = (value * Double(Self.powerOfTen(places))).rounded(rule)
        // Int64 first: converting a Double to Int128 takes the generic path, several times slower, and almost
        // every figure fits.
        guard abs(scaled) < 1e30 else { return nil }
        let small = Int64(exactly: scaled)
        guard let integer = small.map({ Int128($0) }) ?? Int128(exactly: scaled) else { return nil }
        let (units, overflow) = integer.multipliedReportingOverflow(by: Self.powerOfTen(Self.places - places))
        guard !overflow, let amount = try? Amount(units: units) else { return nil }
        self = amount
    }
}
