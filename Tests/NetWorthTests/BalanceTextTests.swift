import Foundation
import Money
import Testing
import Timing

@testable import NetWorth

/// Balances and rates as people type them (``ParseOptions/balance``), and converting them exactly.
@Suite struct BalanceTextTests {
    @Test(arguments: [
        ("1234.56", "1234.56"), ("-250", "-250"), ("+12.5", "12.5"), ("1,234.56", "1234.56"), ("1,234,567", "1234567"),
        ("0", "0"), ("-0.00", "0"), ("007.10", "7.1"), (" 42 ", "42"), ("123456789012345678", "123456789012345678"),
    ])
    func readsPlainNumbers(text: String, expected: String) throws {
        #expect(try Amount(parsing: text, options: .balance) == money(expected))
    }

    @Test(arguments: [
        "", "abc", "12abc", "1e5", "1.2.3", "1,23", "12,34.5", ",123", "1,,234", "--5", "£12", "12 34", "nan", "1_000",
        "1000000000000000000000000000",
    ])
    func rejectsAnythingElse(text: String) {
        #expect(throws: MoneyError.self) { try Amount(parsing: text, options: .balance) }
    }

    @Test func plainTextRoundTrips() throws {
        for text in ["0.01", "-250", "1234567.891", "99999999999999.99"] {
            #expect(try Amount(parsing: money(text).plainText, options: .balance) == money(text))
        }
    }

    @Test func conversionRoundsHalfToEvenToThePenny() throws {
        func converted(_ amount: String, _ rate: String) throws -> Amount {
            try ExchangeRates(
                base: "GBP",
                rates: [ExchangeRate(currency: "USD", base: "GBP", date: day("2024-01-01"), rate: money(rate))]
            ).convert(money(amount), from: "USD", on: day("2024-06-01"))
        }
        // 1234.56 × 0.79 = 975.3024 → 975.30
        #expect(try converted("1234.56", "0.79") == money("975.30"))
        // 0.125 → 0.12 and 0.135 → 0.14 (half to even), -0.125 → -0.12
        #expect(try converted("0.125", "1") == money("0.12"))
        #expect(try converted("0.135", "1") == money("0.14"))
        #expect(try converted("-0.125", "1") == money("-0.12"))
        #expect(try converted("10.005", "1") == money("10.00"))
        #expect(try converted("10.015", "1") == money("10.02"))
        #expect(try converted("0.0051", "1") == money("0.01"))
    }

    @Test func sumsBeyondAnyBalanceAreExactAndOverflowIsAnError() throws {
        var totals = Totals()
        try totals.add(money("9000000000000"), isDebt: false)
        try totals.add(money("9000000000000"), isDebt: false)
        try totals.add(money("0.0000001"), isDebt: false)
        #expect(totals.assets == money("18000000000000.0000001"))
        var huge = Totals()
        try huge.add(money("90000000000000000000000000"), isDebt: false)
        #expect(throws: NetWorthError.overflow) { try huge.add(money("90000000000000000000000000"), isDebt: false) }
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
