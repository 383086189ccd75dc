import Foundation

/// Exact money arithmetic in whole millionths (`Int64`), the fast path for sums over thousands of balances.
///
/// Foundation's `Decimal` costs about a microsecond per addition on Linux, which would dominate a
/// monthly report over 100 accounts × 10 years; amounts with at most six decimals (every balance and
/// rate people type) are summed and converted here instead, with results identical to `Decimal`'s. Any
/// amount that does not fit falls back to `Decimal`.
enum Micros {
    /// Decimals kept.
    static let digits = 6
    /// 10^0 … 10^18.
    static let powerOfTen: [Int64] = (0...18).map { exponent in
        (0..<exponent).reduce(Int64(1)) { value, _ in value * 10 }
    }

    /// `value` in millionths, or nil when it has more than six decimals or does not fit.
    static func exact(_ value: Decimal) -> Int64? {
        MoneyText.parsed(MoneyText.plain(value))?.micros
    }

    /// The `Decimal` of `micros` millionths, without trailing zeros.
    static func decimal(_ micros: Int64) -> Decimal {
        if micros == 0 { return 0 }
        var magnitude = micros.magnitude
        var exponent = -digits
        while exponent < 0, magnitude % 10 == 0 {
            magnitude /= 10
            exponent += 1
        }
        return Decimal(sign: micros < 0 ? .minus : .plus, exponent: exponent, significand: Decimal(magnitude))
    }

    /// `amount × rate` rounded half to even to the penny, in millionths; nil on overflow.
    static func convert(_ amount: Int64, rate: Int64) -> Int64? {
        let product = Int128(amount) * Int128(rate)  // in 10^-12
        let divisor = Int128(10_000_000_000)  // 10^-12 → 10^-2
        var cents = product / divisor
        let remainder = product % divisor
        let twice = remainder.magnitude * 2
        if twice > divisor.magnitude || (twice == divisor.magnitude && cents % 2 != 0) {
            cents += product < 0 ? -1 : 1
        }
        guard let micros = Int64(exactly: cents * 10_000) else { return nil }
        return micros
    }
}

/// A running total that stays in millionths while it can and falls back to `Decimal` when it must.
struct MoneySum {
    private var micros: Int64 = 0
    private var fallback: Decimal?

    /// Adds an amount, given in millionths when they are known.
    mutating func add(_ amount: Decimal, micros amountMicros: Int64?) {
        if fallback == nil, let amountMicros {
            let (sum, overflow) = micros.addingReportingOverflow(amountMicros)
            if !overflow {
                micros = sum
                return
            }
        }
        fallback = (fallback ?? Micros.decimal(micros)) + amount
    }

    /// The total.
    var value: Decimal { fallback ?? Micros.decimal(micros) }
}
