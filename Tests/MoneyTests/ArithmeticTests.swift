import Foundation
import Money
import PropertyBased
import Testing

@Suite("Amount arithmetic")
struct ArithmeticTests {
    @Test func addsAndSubtractsLikeDecimal() async {
        await propertyCheck(count: 3_000, input: Generators.amount, Generators.amount) {
            (a: GeneratedAmount, b: GeneratedAmount) in
            let sum: Decimal? = (try? a.amount + b.amount)?.decimalValue
            let difference: Decimal? = (try? a.amount - b.amount)?.decimalValue
            let expectedSum: Decimal = a.decimal + b.decimal
            let expectedDifference: Decimal = a.decimal - b.decimal
            #expect(sum == expectedSum)
            #expect(difference == expectedDifference)
            #expect((a.amount < b.amount) == (a.decimal < b.decimal))
        }
    }

    @Test func multipliesExactlyWhenPlacesFit() async {
        await propertyCheck(count: 3_000, input: Generators.sixPlaces, Generators.sixPlaces) {
            (a: GeneratedAmount, b: GeneratedAmount) in
            let product: Decimal? = (try? a.amount * b.amount)?.decimalValue
            let expected: Decimal = a.decimal * b.decimal
            #expect(product == expected)
        }
    }

    @Test func dividesWithinHalfAStep() async {
        await propertyCheck(count: 2_000, input: Generators.sixPlaces, Generators.sixPlaces, Gen.int(in: 0...8)) {
            (a: GeneratedAmount, b: GeneratedAmount, places: Int) in
            guard !b.amount.isZero, let quotient = try? a.amount.divided(by: b.amount, places: places) else { return }
            // |a − q·b| ≤ ½ · 10^−places · |b|, checked in Decimal's 38 digits.
            let product: Decimal = quotient.decimalValue * b.decimal
            let error: Decimal = abs(a.decimal - product)
            let half: Decimal = Decimal(sign: .plus, exponent: -places - 1, significand: 5)
            let bound: Decimal = abs(b.decimal) * half
            #expect(error <= bound)
            #expect(quotient.significantPlaces <= places)
        }
    }

    @Test func overflowIsAnErrorNotACrash() throws {
        let huge = try Amount(parsing: "99999999999999999999999999")
        #expect(throws: MoneyError.overflow) { try huge + 1 }
        #expect(throws: MoneyError.overflow) { try -huge - 1 }
        #expect(throws: MoneyError.overflow) { try huge * huge }
        #expect(throws: MoneyError.overflow) { try huge * 10 }
        #expect(throws: MoneyError.overflow) { try huge.divided(by: Amount(1, places: 12)) }
        #expect(throws: MoneyError.divisionByZero) { try huge.divided(by: .zero) }
        #expect(throws: MoneyError.overflow) { try [huge, huge].sum() }
        #expect(try [Amount(1), Amount(2), Amount(-5, places: 1)].sum() == Amount(25, places: 1))
    }

    @Test func divisionRoundsByTheNamedRule() throws {
        #expect(try Amount(1).divided(by: 3, places: 2) == Amount(33, places: 2))
        #expect(try Amount(2).divided(by: 3, places: 2) == Amount(67, places: 2))
        #expect(try Amount(-1).divided(by: 8, places: 2, rounding: .halfEven) == Amount(-12, places: 2))
        #expect(try Amount(-1).divided(by: 8, places: 2, rounding: .halfUp) == Amount(-13, places: 2))
        #expect(try Amount(1).divided(by: 3, places: 2, rounding: .up) == Amount(34, places: 2))
    }
}
