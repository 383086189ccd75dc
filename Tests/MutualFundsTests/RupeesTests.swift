import Money
import MutualFunds
import Testing

@Suite("Rupees grouped the Indian way (CLDR en-IN)")
struct RupeesTests {
    @Test(
        "the last three digits, then groups of two; sign before the symbol; other places kept",
        arguments: [
            ("12345678.9", 2, "₹1,23,45,678.90"), ("0", 2, "₹0.00"), ("999", 2, "₹999.00"), ("1000", 2, "₹1,000.00"),
            ("100000", 0, "₹1,00,000"), ("-5000.5", 2, "-₹5,000.50"), ("90.52891", 4, "₹90.5289"),
            ("1234567890123", 2, "₹12,34,56,78,90,123.00"),
        ])
    func grouping(value: String, places: Int, expected: String) {
        #expect(Rupees.format(Amount(value)!, places: places) == expected)
    }

    @Test("signed and chart labels")
    func signedAndAxis() {
        #expect(Rupees.format(Amount(1200), sign: .always) == "+₹1,200.00")
        #expect(Rupees.format(Amount("-0.001")!, sign: .always) == "₹0.00")
        #expect(Rupees.axisLabel(123456.7) == "₹1,23,456.70")
        #expect(Rupees.axisLabel(150, places: 0) == "₹150")
        #expect(Rupees.axisLabel(.nan) == "")
    }
}
