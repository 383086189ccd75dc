import ETFAnalyzer
import Foundation
import Timing

/// `Decimal` from a literal string, exactly.
func dec(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }

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

/// Whether two decimals differ by at most `tolerance`.
func close(_ lhs: Decimal?, _ rhs: Double, _ tolerance: Double = 1e-9) -> Bool {
    guard let lhs else { return false }
    return abs(NSDecimalNumber(decimal: lhs).doubleValue - rhs) <= tolerance
}
