import Foundation
import Timing

/// A dated cash flow: negative when money goes in (a purchase), positive when it comes out (the value).
public struct CashFlow: Sendable, Hashable {
    /// The date of the flow.
    public var date: CalendarDate
    /// The amount; the sign gives the direction.
    public var amount: Double

    /// Creates a flow.
    public init(date: CalendarDate, amount: Double) {
        self.date = date
        self.amount = amount
    }
}

/// The extended internal rate of return: the annual rate r with Σ CFᵢ / (1 + r)^((dᵢ − d₀) / 365) = 0.
///
/// Newton's method from 10 % first; when it fails (a flat derivative, a step below −100 %, no convergence
/// in 100 steps) the root is bracketed on a grid from −99.9999 % to 10⁶ and bisected. Either way the answer
/// is solved to 1e-10. Flows without both signs, or with no rate that makes the sum change sign, have no
/// XIRR: the result is nil ("not available"), never 0.
public enum XIRR {
    /// The tolerance on the rate.
    public static let tolerance = 1e-10

    /// The rate, or nil when it does not exist.
    public static func rate(_ flows: [CashFlow], guess: Double = 0.1) -> Double? {
        guard flows.contains(where: { $0.amount > 0 }), flows.contains(where: { $0.amount < 0 }),
            let first = flows.map(\.date).min()
        else { return nil }
        let times = flows.map { Double(first.days(to: $0.date)) / 365 }
        let amounts = flows.map(\.amount)
        guard times.contains(where: { $0 > 0 }) else { return nil }
        if let root = newtonRate(times, amounts, guess: guess) { return root }
        return bisection(times, amounts)
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
    ) -> Double {
        var low = low
        var high = high
        var lowValue = lowValue
        // The iteration cap and the adjacent-doubles check end the loop where doubles are coarser than the
        // tolerance (near 10⁶ one step is 1.2e-10).
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
