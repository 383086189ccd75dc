import Foundation
import Money
import PropertyBased
import Testing

@Suite("Amount parsing")
struct ParsingTests {
    @Test(
        "accepts what people type",
        arguments: [
            ("1,234.56", "1234.56"), ("-12", "-12"), ("£5", "5"), ("  42.50 ", "42.5"), ("0.000001", "0.000001"),
            ("-£1,000,000", "-1000000"), ("£-3.5", "-3.5"), (".5", "0.5"), ("+7", "7"),
            ("1,234,567.891", "1234567.891"),
        ])
    func accepts(text: String, plain: String) throws {
        let amount = try Amount(parsing: text, options: ParseOptions(symbols: ["£"]))
        #expect(amount.plainText == plain)
    }

    @Test(
        "refuses with a reason",
        arguments: [
            ("1e5", MoneyError.exponent), ("NaN", .notANumber), ("inf", .notANumber), ("1.2.3", .multiplePoints),
            ("", .empty), ("   ", .empty), ("12a", .unexpectedCharacter("a")), ("1,23", .misplacedGrouping),
            ("1,2345", .misplacedGrouping), ("£", .noDigits), ("-", .noDigits), ("$5", .unexpectedCharacter("$")),
            ("1" + String(repeating: "0", count: 27), .overflow), ("0.0000000000001", .tooManyPlaces(allowed: 12)),
        ])
    func refuses(text: String, error: MoneyError) {
        #expect(throws: error) { try Amount(parsing: text, options: ParseOptions(symbols: ["£"])) }
    }

    @Test func optionsNarrowWhatIsAccepted() {
        let cents = ParseOptions(allowsSign: false, maximumPlaces: 2, symbols: ["$"])
        #expect(throws: MoneyError.signNotAllowed) { try Amount(parsing: "-5", options: cents) }
        #expect(throws: MoneyError.tooManyPlaces(allowed: 2)) { try Amount(parsing: "1.234", options: cents) }
        #expect((try? Amount(parsing: "$1,250.50", options: cents)) == Amount(125_050, places: 2))
        #expect((try? Amount(parsing: "1.500", options: cents)) == Amount(15, places: 1))
        #expect(throws: MoneyError.unexpectedCharacter(",")) { try Amount(parsing: "1,000", options: .plain) }
        #expect(MoneyError.tooManyPlaces(allowed: 0).description == "a whole number is expected")
    }

    @Test func parsesLikeFoundationDecimal() async {
        await propertyCheck(count: 3_000, input: Generators.amount) { generated in
            let parsed = try? Amount(parsing: generated.text)
            #expect(parsed == generated.amount)
            #expect(parsed?.decimalValue == generated.decimal)
            let fromDecimal: Amount? = try? Amount(exactly: generated.decimal)
            #expect(fromDecimal == parsed)
        }
    }

    @Test func plainTextRoundTrips() async {
        await propertyCheck(count: 2_000, input: Generators.amount) { generated in
            let amount = generated.amount
            #expect(Amount(amount.plainText) == amount)
            #expect(amount.plainText == generated.decimal.description)
        }
    }
}
