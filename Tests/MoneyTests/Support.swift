import Foundation
import Money
import PropertyBased

/// A generated amount: a significand and a number of places, as a person could type it.
struct GeneratedAmount: Sendable, CustomStringConvertible {
    var significand: Int64
    var places: Int

    var text: String {
        let digits = String(significand.magnitude)
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        let split = padded.index(padded.endIndex, offsetBy: -places)
        let body = places == 0 ? padded : padded[..<split] + "." + padded[split...]
        return (significand < 0 ? "-" : "") + body
    }

    var amount: Amount { Amount(Int(significand), places: places) }
    var decimal: Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }
    var description: String { text }
}

enum Generators {
    /// Amounts from tiny fractions to billions, with 0…12 places (significands up to 10¹⁵ keep products in range).
    static let amount = zip(Gen.int64(in: -1_000_000_000_000_000...1_000_000_000_000_000), Gen.int(in: 0...12))
        .map { (significand: Int64, places: Int) in GeneratedAmount(significand: significand, places: places) }
    /// Amounts with at most 6 places, so that a product of two is exact at 12 places.
    static let sixPlaces = zip(Gen.int64(in: -10_000_000_000_000...10_000_000_000_000), Gen.int(in: 0...6))
        .map { (significand: Int64, places: Int) in GeneratedAmount(significand: significand, places: places) }
}

func reference(_ decimal: Decimal, places: Int, _ mode: NSDecimalNumber.RoundingMode) -> Decimal {
    var input = decimal
    var output = Decimal()
    NSDecimalRound(&output, &input, places, mode)
    return output
}
