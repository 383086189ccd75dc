import Money
import Testing

/// Issue 25, item 12: computed money is reported at its currency's minor unit, half-even.
@Suite("Minor units")
struct MinorUnitTests {
    @Test(
        "a computed figure rounds half-even to the currency's minor unit",
        arguments: [
            ("637.3390684932", "USD", "637.34"), ("0.125", "USD", "0.12"), ("0.135", "usd", "0.14"),
            ("-0.125", "EUR", "-0.12"), ("1234.5", "JPY", "1234"), ("1235.5", "JPY", "1236"),
            ("1.2345", "KWD", "1.234"), ("1.23456", "CLF", "1.2346"), ("10", "GBP", "10"),
        ])
    func rounds(value: String, currency: String, expected: String) throws {
        let amount = try #require(Amount(value))
        #expect(amount.roundedToMinorUnit(of: currency) == Amount(expected))
    }

    @Test("minor units follow ISO 4217; an unknown code has two places")
    func places() {
        #expect(MinorUnit.places(of: "USD") == 2 && MinorUnit.places(of: "INR") == 2)
        #expect(MinorUnit.places(of: "JPY") == 0 && MinorUnit.places(of: "krw") == 0)
        #expect(MinorUnit.places(of: "BHD") == 3)
        #expect(MinorUnit.places(of: "XYZ") == 2)
    }
}
