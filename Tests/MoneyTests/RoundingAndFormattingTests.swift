import Foundation
import Money
import PropertyBased
import Testing

@Suite("Amount rounding and formatting")
struct RoundingAndFormattingTests {
    @Test func roundsLikeNSDecimalRound() async {
        await propertyCheck(count: 3_000, input: Generators.amount, Gen.int(in: 0...8)) {
            (generated: GeneratedAmount, places: Int) in
            let amount = generated.amount
            let rules: [(RoundingRule, NSDecimalNumber.RoundingMode)] = [
                (.halfEven, .bankers), (.halfUp, .plain), (.down, .down), (.up, .up),
            ]
            for (rule, mode) in rules {
                let ours: Decimal = amount.rounded(toPlaces: places, rule).decimalValue
                let theirs: Decimal = reference(generated.decimal, places: places, mode)
                #expect(ours == theirs, "\(generated) to \(places) places, \(rule)")
            }
        }
    }

    @Test func formatsTheRoundedValueWithGrouping() async {
        await propertyCheck(count: 3_000, input: Generators.amount, Gen.int(in: 0...6)) {
            (generated: GeneratedAmount, places: Int) in
            let text = generated.amount.formatted(places: places, symbol: "£")
            let rounded = reference(generated.decimal, places: places, .bankers)
            // Read back: drop the symbol and separators; the digits are the rounded value with `places` decimals.
            let bare = text.replacingOccurrences(of: "£", with: "").replacingOccurrences(of: ",", with: "")
            #expect(Decimal(string: bare) == rounded)
            #expect(places == 0 || bare.split(separator: ".").last?.count == places)
            let integer: Substring = text.split(separator: ".")[0].drop { !$0.isNumber }
            let groups: [Substring] = integer.split(separator: ",")
            #expect(groups.dropFirst().allSatisfy { $0.count == 3 })
        }
    }

    @Test(
        "formats as people read money",
        arguments: [
            (Amount(123_456, places: 2), 2, "£", SignStyle.negativeOnly, "£1,234.56"),
            (Amount(-250), 2, "£", .negativeOnly, "-£250.00"),
            (Amount(905_289, places: 4), 4, "₹", .negativeOnly, "₹90.5289"),
            (Amount(12), 2, "£", .always, "+£12.00"),
            (Amount(-4, places: 3), 2, "£", .always, "£0.00"),
            (Amount(1_000_000), 0, "", .negativeOnly, "1,000,000"),
            (Amount(125, places: 3), 2, "$", .negativeOnly, "$0.12"),
        ])
    func formats(amount: Amount, places: Int, symbol: String, sign: SignStyle, expected: String) {
        #expect(amount.formatted(places: places, symbol: symbol, sign: sign) == expected)
    }

    @Test func halfUpIsHowABrokerRoundsAFill() {
        #expect(Amount(125, places: 3).formatted(places: 2, rounding: .halfUp) == "0.13")
        #expect(Amount(-125, places: 3).rounded(toPlaces: 2, .halfUp) == Amount(-13, places: 2))
    }
}
