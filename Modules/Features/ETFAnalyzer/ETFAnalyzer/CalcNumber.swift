import Foundation

/// The arithmetic the calculator needs, so its formulas are written once and run either on exact
/// fixed-point integers (fast) or on Foundation's `Decimal` (when a figure outgrows 128 bits).
///
/// Quotients are rounded half-to-even to a stated number of places in both, so both give the same figures.
protocol CalcNumber: Sendable {
    init(_ value: Decimal)
    init(integer: Int)
    /// `significand × 10^exponent`.
    init(significand: Int64, exponent: Int)
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    static func * (lhs: Self, rhs: Self) -> Self
    /// `self / divisor` rounded half-to-even to `places` decimal places; 0 for a zero divisor.
    func divided(by divisor: Self, places: Int) -> Self
    var isZero: Bool { get }
    var double: Double { get }
    var decimal: Decimal { get }
    /// Whether every step so far was exact (a fixed-point overflow makes this false for good).
    var isExact: Bool { get }
}

/// Foundation's `Decimal` behind the calculator's arithmetic: slow, but 38 significant digits at any scale.
struct DecimalNumber: CalcNumber, Hashable {
    var value: Decimal

    init(_ value: Decimal) { self.value = value }
    init(integer: Int) { value = Decimal(integer) }
    init(significand: Int64, exponent: Int) {
        value = Decimal(sign: significand < 0 ? .minus : .plus, exponent: exponent, significand: Decimal(significand.magnitude))
    }

    static func + (lhs: DecimalNumber, rhs: DecimalNumber) -> DecimalNumber { DecimalNumber(lhs.value + rhs.value) }
    static func - (lhs: DecimalNumber, rhs: DecimalNumber) -> DecimalNumber { DecimalNumber(lhs.value - rhs.value) }
    static func * (lhs: DecimalNumber, rhs: DecimalNumber) -> DecimalNumber { DecimalNumber(lhs.value * rhs.value) }

    func divided(by divisor: DecimalNumber, places: Int) -> DecimalNumber {
        guard !divisor.value.isZero else { return DecimalNumber(0) }
        return DecimalNumber(DecimalMath.rounded(value / divisor.value, places: places))
    }

    var isZero: Bool { value.isZero }
    var double: Double { DecimalMath.double(value) }
    var decimal: Decimal { value }
    var isExact: Bool { true }
}

/// An exact decimal as a signed 128-bit significand and a power of ten; any overflow poisons the value
/// (``isExact`` false) so the caller can redo the work with `Decimal`.
struct FixedDecimal: CalcNumber, Hashable {
    var significand: Int128
    var exponent: Int
    var isExact: Bool

    init(significand: Int128, exponent: Int, isExact: Bool = true) {
        self.significand = significand
        self.exponent = exponent
        self.isExact = isExact
    }

    init(_ value: Decimal) {
        let parts = DecimalComponents(value)
        guard parts.significand <= UInt128(Int128.max) else {
            self.init(significand: 0, exponent: 0, isExact: false)
            return
        }
        let magnitude = Int128(parts.significand)
        self.init(significand: parts.isNegative ? -magnitude : magnitude, exponent: parts.exponent)
    }

    init(integer: Int) { self.init(significand: Int128(integer), exponent: 0) }
    init(significand: Int64, exponent: Int) { self.init(significand: Int128(significand), exponent: exponent) }

    static let poisoned = FixedDecimal(significand: 0, exponent: 0, isExact: false)

    var isZero: Bool { significand == 0 }

    var double: Double {
        // Int128 → Double goes through a generic conversion; most significands fit 64 bits.
        let digits = significand >= Int128(Int64.min) && significand <= Int128(Int64.max)
            ? Double(Int64(significand)) : Double(significand)
        return digits * DecimalComponents.powerOfTenDouble(exponent)
    }

    var decimal: Decimal {
        DecimalComponents(isNegative: significand < 0, significand: significand.magnitude, exponent: exponent).decimal
    }

    /// Both values on the smaller exponent, or nil when rescaling overflows.
    private static func aligned(_ lhs: FixedDecimal, _ rhs: FixedDecimal) -> (Int128, Int128, Int)? {
        if lhs.exponent == rhs.exponent { return (lhs.significand, rhs.significand, lhs.exponent) }
        if lhs.exponent > rhs.exponent {
            guard let scaled = scale(lhs.significand, by: lhs.exponent - rhs.exponent) else { return nil }
            return (scaled, rhs.significand, rhs.exponent)
        }
        guard let scaled = scale(rhs.significand, by: rhs.exponent - lhs.exponent) else { return nil }
        return (lhs.significand, scaled, lhs.exponent)
    }

    private static func scale(_ value: Int128, by digits: Int) -> Int128? {
        guard value != 0 else { return 0 }
        guard let factor = DecimalComponents.powerOfTen(digits), factor <= UInt128(Int128.max) else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: Int128(factor))
        return overflow ? nil : product
    }

    static func + (lhs: FixedDecimal, rhs: FixedDecimal) -> FixedDecimal {
        guard lhs.isExact, rhs.isExact, let (a, b, exponent) = aligned(lhs, rhs) else { return .poisoned }
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .poisoned : FixedDecimal(significand: sum, exponent: exponent)
    }

    static func - (lhs: FixedDecimal, rhs: FixedDecimal) -> FixedDecimal {
        guard lhs.isExact, rhs.isExact, let (a, b, exponent) = aligned(lhs, rhs) else { return .poisoned }
        let (difference, overflow) = a.subtractingReportingOverflow(b)
        return overflow ? .poisoned : FixedDecimal(significand: difference, exponent: exponent)
    }

    static func * (lhs: FixedDecimal, rhs: FixedDecimal) -> FixedDecimal {
        guard lhs.isExact, rhs.isExact else { return .poisoned }
        let (product, overflow) = lhs.significand.multipliedReportingOverflow(by: rhs.significand)
        return overflow ? .poisoned : FixedDecimal(significand: product, exponent: lhs.exponent + rhs.exponent)
    }

    func divided(by divisor: FixedDecimal, places: Int) -> FixedDecimal {
        guard isExact, divisor.isExact else { return .poisoned }
        guard divisor.significand != 0 else { return FixedDecimal(significand: 0, exponent: -places) }
        // self / divisor = (a × 10^ea) / (b × 10^eb); the result in units of 10^-places is
        // a × 10^(ea − eb + places) / b, rounded half-to-even.
        let shift = exponent - divisor.exponent + places
        var numerator = significand
        var denominator = divisor.significand
        if shift >= 0 {
            guard let scaled = Self.scale(numerator, by: shift) else { return .poisoned }
            numerator = scaled
        } else {
            guard let scaled = Self.scale(denominator, by: -shift) else { return .poisoned }
            denominator = scaled
        }
        let negative = (numerator < 0) != (denominator < 0)
        let n = numerator.magnitude
        let d = denominator.magnitude
        var (quotient, remainder) = n.quotientAndRemainder(dividingBy: d)
        let (twice, overflow) = remainder.multipliedReportingOverflow(by: 2)
        if overflow || twice > d || (twice == d && quotient % 2 == 1) { quotient += 1 }
        guard quotient <= UInt128(Int128.max) else { return .poisoned }
        let magnitude = Int128(quotient)
        return FixedDecimal(significand: negative ? -magnitude : magnitude, exponent: -places)
    }
}
