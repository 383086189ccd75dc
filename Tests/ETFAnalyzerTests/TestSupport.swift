import ETFAnalyzer
import Foundation
import Money
import Timing

/// An exact amount from a literal string.
func dec(_ text: String) -> Amount { Amount(text)! }

/// A calendar date from `YYYY-MM-DD`.
func day(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }

/// A holding with convenient defaults.
func holding(
    _ name: String = "ETF", er: String = "0", yield: String = "0", shares: String = "10", buy: String = "100",
    bought: String = "2024-01-01", now: String = "100", asOf: String? = nil
) -> ETFHolding {
    ETFHolding(
        name: name, expenseRatio: dec(er), yield: dec(yield), shares: dec(shares), purchasePrice: dec(buy),
        purchaseDate: day(bought), currentPrice: dec(now), analysisDate: asOf.map(day))
}

/// Whether an amount is within `tolerance` of a `Double`.
func close(_ lhs: Amount?, _ rhs: Double, _ tolerance: Double = 1e-9) -> Bool {
    guard let lhs else { return false }
    return abs(lhs.doubleValue - rhs) <= tolerance
}
