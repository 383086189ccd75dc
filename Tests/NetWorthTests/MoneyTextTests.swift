import Foundation
import Testing

@testable import NetWorth

@Suite struct MoneyTextTests {
    @Test(arguments: [
        ("1234.56", "1234.56"), ("-250", "-250"), ("+12.5", "12.5"), ("1,234.56", "1234.56"), ("1,234,567", "1234567"),
        ("0", "0"), ("-0.00", "0"), ("007.10", "7.1"), (" 42 ", "42"), ("123456789012345678", "123456789012345678"),
    ])
    func readsPlainNumbers(text: String, expected: String) {
        #expect(MoneyText.parse(text) == money(expected))
    }

    @Test(arguments: [
        "", "abc", "12abc", "1e5", "1.2.3", "1,23", "12,34.5", ",123", "1,,234", ".5", "5.", "--5", "£12", "12 34",
        "1234567890123456789", "nan", "1_000",
    ])
    func rejectsAnythingElse(text: String) {
        #expect(MoneyText.parse(text) == nil)
    }

    @Test func plainTextRoundTrips() {
        for text in ["0.01", "-250", "1234567.891", "99999999999999.99"] {
            #expect(MoneyText.parse(MoneyText.plain(money(text))) == money(text))
        }
    }

    @Test func exactMillionthsWhenTheyExist() {
        #expect(MoneyText.parsed("1234.56")?.micros == 1_234_560_000)
        #expect(MoneyText.parsed("-0.000001")?.micros == -1)
        #expect(MoneyText.parsed("0.0000001")?.micros == nil)  // seven decimals
        #expect(MoneyText.parsed("123456789012345678")?.micros == nil)  // does not fit in millionths
        #expect(Micros.exact(money("-42.5")) == -42_500_000)
        #expect(Micros.decimal(1_234_560_000) == money("1234.56"))
    }

    @Test func conversionRoundsHalfToEvenLikeDecimal() {
        // 1234.56 × 0.79 = 975.3024 → 975.30
        #expect(Micros.convert(1_234_560_000, rate: 790_000) == 975_300_000)
        // 0.125 → 0.12 and 0.135 → 0.14 (half to even), -0.125 → -0.12
        #expect(Micros.convert(125_000, rate: 1_000_000) == 120_000)
        #expect(Micros.convert(135_000, rate: 1_000_000) == 140_000)
        #expect(Micros.convert(-125_000, rate: 1_000_000) == -120_000)
        // 10.005 × 1 → 10.00; 10.015 → 10.02; 0.0051 → 0.01
        #expect(Micros.convert(10_005_000, rate: 1_000_000) == 10_000_000)
        #expect(Micros.convert(10_015_000, rate: 1_000_000) == 10_020_000)
        #expect(Micros.convert(5_100, rate: 1_000_000) == 10_000)
        for (amount, rate) in [("975.3024", "1"), ("1234.565", "0.5"), ("-77.77", "1.2345"), ("3.333333", "0.333333")] {
            let fast = Micros.convert(Micros.exact(money(amount))!, rate: Micros.exact(money(rate))!)!
            #expect(Micros.decimal(fast) == ExchangeRates.roundToPenny(money(amount) * money(rate)))
        }
    }

    @Test func sumsFallBackToDecimalWhenMillionthsOverflow() {
        var sum = MoneySum()
        sum.add(money("9000000000000"), micros: Micros.exact(money("9000000000000")))
        sum.add(money("9000000000000"), micros: Micros.exact(money("9000000000000")))  // 1.8e19 millionths overflows
        sum.add(money("0.0000001"), micros: nil)
        #expect(sum.value == money("18000000000000.0000001"))
    }

    @Test func currencyCodes() throws {
        #expect(try CurrencyCode.validate("usd") == "USD")
        #expect(throws: NetWorthError.self) { try CurrencyCode.validate("US") }
        let unknown = #expect(throws: NetWorthError.self) { try CurrencyCode.validate("XYZ") }
        #expect(unknown?.kind == .refused)
        #expect(unknown?.what.contains("XYZ") == true)
        let malformed = #expect(throws: NetWorthError.self) { try CurrencyCode.validate("12$") }
        #expect(malformed?.kind == .malformed)
    }

    @Test func accountNames() throws {
        #expect(try AccountName.validate("  Monzo Savings ") == "Monzo Savings")
        #expect(AccountName.fold("ISA") == AccountName.fold("isa"))
        #expect(throws: NetWorthError.self) { try AccountName.validate("   ") }
        #expect(throws: NetWorthError.self) { try AccountName.validate(String(repeating: "x", count: 61)) }
        #expect(throws: NetWorthError.self) { try AccountName.validate("tab\there") }
    }

    @Test func accountTypeSpellings() {
        #expect(AccountType(spelling: "credit-card") == .creditCard)
        #expect(AccountType(spelling: "Credit Card") == .creditCard)
        #expect(AccountType(spelling: "foreign_currency") == .foreignCurrency)
        #expect(AccountType(spelling: "bond") == nil)
        #expect(AccountType.allCases.filter(\.isDebt) == [.creditCard, .loan, .mortgage])
    }
}
