/// An exact decimal quantity: money, a price, a NAV, a number of units or a rate.
///
/// The value is a count of 10⁻¹² units in an `Int128`, so every figure a user types or an API sends (cents,
/// paise, four-decimal NAVs, six-decimal FX rates, fractional units) is held exactly, additions never round,
/// and comparing or hashing two amounts compares two integers. The range is ±10²⁶, far beyond any household's
/// money; results that would leave it are reported as ``MoneyError/overflow``, never a trap.
public struct Amount: Sendable, Hashable, Comparable {
    /// Decimal places every amount carries.
    public static let places = 12
    /// 10¹², the number of units in one.
    static let unitsPerOne: Int128 = 1_000_000_000_000
    /// The largest magnitude an amount may have, in units (10³⁸ − 1: rounding it up still fits `Int128`).
    static let maximumUnits: Int128 = 99_999_999_999_999_999_999_999_999_999_999_999_999

    /// The value × 10¹².
    public let units: Int128

    /// An amount from its count of 10⁻¹² units.
    /// - Throws: ``MoneyError/overflow`` beyond ±10²⁶.
    public init(units: Int128) throws(MoneyError) {
        guard units.magnitude <= Self.maximumUnits.magnitude else { throw .overflow }
        self.units = units
    }

    /// Callers guarantee the range (results of checked arithmetic, rounding of an in-range value).
    init(uncheckedUnits units: Int128) { self.units = units }

    /// A whole number, exactly.
    public init(_ integer: Int) { units = Int128(integer) * Self.unitsPerOne }

    /// `significand` × 10^−`places`, exactly: `Amount(12_345, places: 2)` is 123.45.
    /// `places` must be 0…12 (a programming error otherwise, like an index out of range).
    public init(_ significand: Int, places: Int) {
        precondition((0...Self.places).contains(places), "places must be 0…\(Self.places)")
        units = Int128(significand) * Self.powerOfTen(Self.places - places)
    }

    /// Nothing: 0.00.
    public static let zero = Amount(uncheckedUnits: 0)

    /// Whether the amount is exactly zero.
    public var isZero: Bool { units == 0 }
    /// Whether the amount is below zero.
    public var isNegative: Bool { units < 0 }
    /// Whether the amount is above zero.
    public var isPositive: Bool { units > 0 }
    /// −1, 0 or 1.
    public var signum: Int { units == 0 ? 0 : (units < 0 ? -1 : 1) }
    /// The absolute value (always in range: the range is symmetric).
    public var magnitude: Amount { Amount(uncheckedUnits: units < 0 ? -units : units) }

    /// The nearest `Double`, for statistics, rates and chart coordinates — never for money arithmetic.
    public var doubleValue: Double {
        // The same split in 64 bits when it fits (amounts under 9.2 million): 128-bit division and conversion go
        // through the generic integer code, several times slower, and statistics over long histories call this
        // for every point.
        if let small = Int64(exactly: units) {
            let (whole, fraction) = small.quotientAndRemainder(dividingBy: Int64(Self.unitsPerOne))
            return Double(whole) + Double(fraction) / 1e12
        }
        let whole = units / Self.unitsPerOne
        let fraction = units % Self.unitsPerOne
        return Double(whole) + Double(fraction) / 1e12
    }

    /// Orders amounts by value.
    public static func < (lhs: Amount, rhs: Amount) -> Bool { lhs.units < rhs.units }

    /// The amount with its sign flipped.
    public static prefix func - (value: Amount) -> Amount { Amount(uncheckedUnits: -value.units) }

    /// 10 to the `exponent` (0…38: every power an Int128 holds).
    static func powerOfTen(_ exponent: Int) -> Int128 { powersOfTen[exponent] }

    private static let powersOfTen: [Int128] = (0...38).reduce(into: []) { powers, exponent in
        powers.append(exponent == 0 ? 1 : powers[exponent - 1] * 10)
    }
}

extension Amount: ExpressibleByIntegerLiteral {
    /// Creates the options.
    public init(integerLiteral value: Int) { self.init(value) }
}

extension Amount: CustomStringConvertible, LosslessStringConvertible {
    /// The exact value in plain notation without trailing zeros: `90.5289`, `-12`, `0`.
    public var description: String { plainText }

    /// Parses plain decimal text (`-12.5`); `nil` when it is not one. Use ``init(parsing:options:)`` for user
    /// input, which says why text was refused.
    public init?(_ description: String) {
        guard let value = try? Amount(parsing: description, options: .plain) else { return nil }
        self = value
    }
}
