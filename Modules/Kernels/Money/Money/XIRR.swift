import Foundation

/// The extended internal rate of return: the annual rate r with Σ CFᵢ / (1 + r)^(daysᵢ / 365) = 0, days counted
/// from the earliest flow.
///
/// Newton's method from the guess first; when it fails (a flat derivative, a step below −100 %, no convergence
/// in 100 steps) the root is bracketed on a grid from −99.9999 % to 10⁶ and bisected. Either way the rate is
/// solved to 1e-10. The rate is a `Double` because it is a statistic, not money.
public enum XIRR {
    /// Why there is no rate.
    public enum Unavailable: Error, Sendable, Hashable, CustomStringConvertible {
        /// Less than `minimumYears` between the first flow and the last: annualizing would exaggerate.
        case underAYear
        /// Every flow has the same sign (or all fall on one day), so no rate solves the equation.
        case noSignChange
        /// No rate in the searched range makes the sum change sign.
        case noSolution

        /// The text a person reads.
        public var description: String {
            switch self {
            case .underAYear: "not available — under a year of history"
            case .noSignChange: "not available — the cash flows have no sign change"
            case .noSolution: "not available — no rate solves the cash flows"
            }
        }
    }

    /// How close to zero the net present value must come for a rate to count as the solution.
    public static let tolerance = 1e-10

    /// The rate as a fraction (0.1234 is 12.34 % a year).
    /// - Parameter requiresAYear: refuse flows spanning less than 365 days (``Unavailable/underAYear``).
    public static func rate(
        _ flows: [CashFlow], guess: Double = 0.1, requiresAYear: Bool = false
    )
        throws(Unavailable) -> Double
    {
        let flows = flows.filter { !$0.amount.isZero }
        guard flows.contains(where: { $0.amount.isPositive }), flows.contains(where: { $0.amount.isNegative }),
            let first = flows.map(\.date).min(), let last = flows.map(\.date).max()
        else { throw .noSignChange }
        let span = last.timeIntervalSince(first)
        guard span > 0 else { throw .noSignChange }
        if requiresAYear && span < 365 * 86_400 { throw .underAYear }
        let times = flows.map { $0.date.timeIntervalSince(first) / (365 * 86_400) }
        let amounts = flows.map(\.amount.doubleValue)
        if let root = newtonRate(times, amounts, guess: guess) { return root }
        if let root = bisection(times, amounts) { return root }
        throw .noSolution
    }

    /// Σ aᵢ (1 + r)^(−tᵢ).
    static func presentValue(_ times: [Double], _ amounts: [Double], rate: Double) -> Double {
        var total = 0.0
        let base = 1 + rate
        for index in times.indices { total += amounts[index] * pow(base, -times[index]) }
        return total
    }

    static func newtonRate(_ times: [Double], _ amounts: [Double], guess: Double) -> Double? {
        var rate = guess
        for _ in 0..<100 {
            let base = 1 + rate
            guard base > 0 else { return nil }
            var value = 0.0
            var derivative = 0.0
            for index in times.indices {
                let discounted = amounts[index] * pow(base, -times[index])
                value += discounted
                derivative -= times[index] * discounted / base
            }
            guard derivative.isFinite, value.isFinite, derivative != 0 else { return nil }
            let next = rate - value / derivative
            guard next.isFinite, next > -1 else { return nil }
            if abs(next - rate) < tolerance { return next }
            rate = next
        }
        return nil
    }

    private static let grid: [Double] = [
        -0.999999, -0.99, -0.95, -0.9, -0.75, -0.5, -0.25, -0.1, 0, 0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1, 2, 3, 5, 10,
        20, 50, 100, 1_000, 10_000, 1_000_000,
    ]

    private static func bisection(_ times: [Double], _ amounts: [Double]) -> Double? {
        var previousRate = grid[0]
        var previousValue = presentValue(times, amounts, rate: previousRate)
        for rate in grid.dropFirst() {
            let value = presentValue(times, amounts, rate: rate)
            if previousValue.isFinite, value.isFinite, previousValue.sign != value.sign || value == 0 {
                return bisect(times, amounts, low: previousRate, high: rate, lowValue: previousValue)
            }
            previousRate = rate
            previousValue = value
        }
        return nil
    }

    private static func bisect(
        _ times: [Double], _ amounts: [Double], low: Double, high: Double, lowValue: Double
    )
        -> Double
    {
        var (low, high, lowValue) = (low, high, lowValue)
        // The step cap and the adjacent-doubles check end the loop where doubles are coarser than the tolerance
        // (near 10⁶ one step is 1.2e-10).
        var steps = 0
        while high - low > tolerance, steps < 200 {
            steps += 1
            let mid = (low + high) / 2
            if mid == low || mid == high { break }
            let value = presentValue(times, amounts, rate: mid)
            if value == 0 { return mid }
            if value.sign == lowValue.sign {
                low = mid
                lowValue = value
            } else {
                high = mid
            }
        }
        return (low + high) / 2
    }
}
