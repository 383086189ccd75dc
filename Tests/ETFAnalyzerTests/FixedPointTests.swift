@testable import ETFAnalyzer
import Foundation
import Testing

@Suite("Fixed-point arithmetic")
struct FixedPointTests {
    @Test("ordinary portfolios take the fixed-point path; huge ones do not")
    func pathTaken() {
        let ordinary = [holding(er: "0.03", yield: "1.25", shares: "40", buy: "380.50", bought: "2022-03-15", now: "520.25")]
        #expect(PortfolioCalculator.compute(ordinary, defaultAnalysisDate: day("2025-05-26"), growthRate: dec("0.07"), as: FixedDecimal.self) != nil)
        let huge = [holding(shares: "99999999999999999999", buy: "99999999999999999999", now: "1")]
        #expect(PortfolioCalculator.compute(huge, defaultAnalysisDate: day("2025-05-26"), growthRate: 0, as: FixedDecimal.self) == nil)
    }

    @Test("quotients round half-to-even at the stated places, like Decimal")
    func division() {
        let cases: [(String, String, Int)] = [("1", "3", 12), ("2", "3", 12), ("-1", "8", 2), ("5", "2", 0), ("7", "2", 0), ("1", "36500", 16), ("0", "5", 4), ("10", "0", 4)]
        for (a, b, places) in cases {
            let fixed = FixedDecimal(dec(a)).divided(by: FixedDecimal(dec(b)), places: places)
            let decimal = DecimalNumber(dec(a)).divided(by: DecimalNumber(dec(b)), places: places)
            #expect(fixed.decimal == decimal.value, "\(a) / \(b)")
        }
        #expect(FixedDecimal(dec("1")).divided(by: FixedDecimal(dec("8")), places: 2).decimal == dec("0.12"))
    }

    @Test("overflow poisons every later result")
    func overflow() {
        let big = FixedDecimal(significand: Int128.max / 2, exponent: 0)
        #expect(!(big * big).isExact)
        #expect(!((big * big) + FixedDecimal(integer: 1)).isExact)
        #expect((big + FixedDecimal(integer: 1)).isExact)
        #expect(!(FixedDecimal(significand: 1, exponent: 0) + FixedDecimal(significand: 1, exponent: -60)).isExact)
    }
}
