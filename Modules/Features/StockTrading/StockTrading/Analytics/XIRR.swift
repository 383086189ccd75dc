import Foundation

/// A dated cash flow from the investor's point of view: negative when money goes in, positive when it
/// comes out (the final value counts as coming out).
public struct CashFlow: Sendable, Equatable {
    /// When.
    public var date: Date
    /// How much; negative = invested.
    public var amount: Decimal

    /// Creates a cash flow.
    public init(date: Date, amount: Decimal) {
        self.date = date
        self.amount = amount
    }
}

/// The money-weighted annualized return: the rate `r` with `Σ amountᵢ / (1 + r)^(daysᵢ / 365) = 0`,
/// days counted from the first flow.
public enum XIRR {
    /// Why a rate is not given.
    public enum Unavailable: Error, Sendable, Equatable, CustomStringConvertible {
        /// Less than a year between the first flow and the last: annualizing would exaggerate.
        case underAYear
        /// Every flow has the same sign, so no rate solves the equation.
        case noSignChange
        /// The solver found no rate.
        case noSolution

        /// Words for reports.
        public var description: String {
            switch self {
            case .underAYear: "not available — under a year of history"
            case .noSignChange: "not available — the cash flows have no sign change"
            case .noSolution: "not available — no rate solves the cash flows"
            }
        }
    }

    /// The rate as a fraction (0.1234 = 12.34 % a year).
    /// - Throws: ``Unavailable``.
    public static func rate(_ flows: [CashFlow]) throws -> Double {
        let sorted = flows.filter { $0.amount != 0 }.sorted { $0.date < $1.date }
        guard sorted.contains(where: { $0.amount < 0 }), sorted.contains(where: { $0.amount > 0 }) else {
            throw Unavailable.noSignChange
        }
        guard let first = sorted.first?.date, let last = sorted.last?.date,
            last.timeIntervalSince(first) >= 365 * 86_400
        else { throw Unavailable.underAYear }
        let points = sorted.map { (years: $0.date.timeIntervalSince(first) / (365 * 86_400), amount: $0.amount.doubleValue) }
        func npv(_ rate: Double) -> Double { points.reduce(0) { $0 + $1.amount / pow(1 + rate, $1.years) } }
        func slope(_ rate: Double) -> Double {
            points.reduce(0) { $0 - $1.years * $1.amount / pow(1 + rate, $1.years + 1) }
        }
        var rate = 0.1
        for _ in 0..<100 {
            let value = npv(rate)
            let derivative = slope(rate)
            guard derivative != 0, value.isFinite else { break }
            let next = rate - value / derivative
            guard next > -1, next.isFinite else { break }
            if abs(next - rate) < 1e-10 { return next }
            rate = next
        }
        return try bisect(npv)
    }

    private static func bisect(_ npv: (Double) -> Double) throws -> Double {
        var low = -0.999_999
        var high = 1.0
        while npv(low) * npv(high) > 0 && high < 1e6 { high *= 10 }
        guard npv(low) * npv(high) <= 0 else { throw Unavailable.noSolution }
        for _ in 0..<300 {
            let mid = (low + high) / 2
            if npv(low) * npv(mid) <= 0 { high = mid } else { low = mid }
            if high - low < 1e-12 { break }
        }
        return (low + high) / 2
    }
}
