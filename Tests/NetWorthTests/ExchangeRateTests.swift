import Foundation
import Money
import Testing
import Timing

@testable import NetWorth

/// A USD account valued in GBP with rates 0.80 from 2024-01-01 and 0.75 from 2024-03-01.
@Suite struct ExchangeRateTests {
    let dollars = account(
        1, "Wise USD", .foreignCurrency, currency: "USD", [("2024-01-31", "1000"), ("2024-03-31", "1200")])
    let pounds = account(2, "Savings", .savings, [("2024-01-31", "500")])
    let rates = ExchangeRates(
        base: "GBP",
        rates: [
            ExchangeRate(currency: "USD", base: "GBP", date: day("2024-03-01"), rate: money("0.75")),
            ExchangeRate(currency: "USD", base: "GBP", date: day("2024-01-01"), rate: money("0.80")),
            // another base: ignored
            ExchangeRate(currency: "USD", base: "EUR", date: day("2023-01-01"), rate: money("0.9")),
        ])

    func portfolio(_ accounts: [Account], rates: ExchangeRates? = nil) -> Portfolio {
        Portfolio(accounts: accounts, rates: rates ?? self.rates, inclusion: Inclusion())
    }

    @Test func rateInForceIsTheLatestOnOrBeforeTheDate() {
        #expect(rates.rate(for: "USD", on: day("2023-12-31")) == nil)
        #expect(rates.rate(for: "USD", on: day("2024-01-01")) == money("0.80"))
        #expect(rates.rate(for: "USD", on: day("2024-02-29")) == money("0.80"))
        #expect(rates.rate(for: "USD", on: day("2024-03-01")) == money("0.75"))
        #expect(rates.rate(for: "GBP", on: day("1990-01-01")) == 1)
        #expect(rates.history(of: "USD").map(\.date) == [day("2024-01-01"), day("2024-03-01")])
    }

    @Test func eachHistoricalPointUsesTheRateInForceAtItsDate() throws {
        let portfolio = portfolio([dollars, pounds])
        // 2024-01-31: $1000 × 0.80 = £800 + £500 = £1300
        #expect(try portfolio.totals(on: day("2024-01-31")).netWorth == 1_300)
        // 2024-02-15: still $1000 at 0.80 (not today's 0.75) = £800 + £500
        #expect(try portfolio.value(of: dollars, on: day("2024-02-15")) == 800)
        // 2024-03-15: $1000 at 0.75 = £750 — the rate changed, the balance did not
        #expect(try portfolio.value(of: dollars, on: day("2024-03-15")) == 750)
        // 2024-03-31: $1200 × 0.75 = £900 + £500 = £1400
        #expect(try portfolio.totals(on: day("2024-03-31")).netWorth == 1_400)
    }

    @Test func conversionRoundsToThePenny() throws {
        let rates = ExchangeRates(
            base: "GBP",
            rates: [ExchangeRate(currency: "USD", base: "GBP", date: day("2024-01-01"), rate: money("0.79"))])
        // $1234.56 × 0.79 = 975.3024 → £975.30
        #expect(try rates.convert(money("1234.56"), from: "USD", on: day("2024-06-01")) == money("975.30"))
        // many decimals take the Decimal path and round the same way: 0.333333333 × 0.79 = 0.26333… → 0.26
        #expect(try rates.convert(money("0.333333333"), from: "USD", on: day("2024-06-01")) == money("0.26"))
    }

    @Test func aMissingRateIsAnErrorNamingTheCurrency() {
        let late = ExchangeRates(
            base: "GBP", rates: [ExchangeRate(currency: "USD", base: "GBP", date: day("2024-02-01"), rate: 1)])
        let error = #expect(throws: NetWorthError.self) {
            try portfolio([dollars], rates: late).totals(on: day("2024-01-31"))
        }
        #expect(error?.what == "missing USD exchange rate")
        #expect(error?.why?.contains("2024-01-31") == true)
        #expect(error?.why?.contains("Wise USD") == true)
        #expect(error?.why?.contains("2024-02-01") == true)  // names the earliest rate
        #expect(error?.hint?.contains("rate set USD") == true)
        let none = #expect(throws: NetWorthError.self) {
            try portfolio([dollars], rates: ExchangeRates(base: "GBP")).totals(on: day("2024-06-01"))
        }
        #expect(none?.what.contains("USD") == true)
    }

    @Test func noRateIsNeededWhereNothingIsValued() throws {
        var excluded = dollars
        excluded.isIncluded = false
        let noRates = ExchangeRates(base: "GBP")
        // An excluded account, or a date before its first balance, needs no rate.
        #expect(try portfolio([excluded, pounds], rates: noRates).totals(on: day("2024-06-01")).netWorth == 500)
        #expect(try portfolio([dollars, pounds], rates: noRates).totals(on: day("2024-01-30")).netWorth == 0)
    }

    @Test func debtsInAForeignCurrencyAreConvertedThenSubtracted() throws {
        let loan = account(3, "US Loan", .loan, currency: "USD", [("2024-03-31", "2000")])
        // $2000 × 0.75 = £1500 owed; £500 − £1500 = −£1000
        let totals = try portfolio([loan, pounds]).totals(on: day("2024-04-01"))
        #expect(totals.debts == 1_500)
        #expect(totals.netWorth == -1_000)
    }

    @Test func portfolioChangeConvertsEachDateAtItsOwnRate() throws {
        // latest 2024-03-31: $1200 × 0.75 = 900 + 500 = 1400; previous 2024-01-31: $1000 × 0.80 = 800 + 500 = 1300
        let change = try #require(try portfolio([dollars, pounds]).changeSinceLastUpdate(asOf: day("2024-04-01")))
        #expect(change.previous.netWorth == 1_300)
        #expect(change.latest.netWorth == 1_400)
        #expect(change.netWorth.amount == 100)
    }
}

/// Rates stored into another base are used inverted, or as a cross rate through a third currency.
@Suite struct DerivedRateTests {
    let rates = ExchangeRates(
        base: "USD",
        rates: [
            ExchangeRate(currency: "USD", base: "GBP", date: day("2024-01-01"), rate: money("0.8")),
            ExchangeRate(currency: "USD", base: "GBP", date: day("2024-03-01"), rate: money("0.75")),
            ExchangeRate(currency: "EUR", base: "GBP", date: day("2024-02-01"), rate: money("0.85")),
        ])

    @Test func theInverseOfARateFromTheBase() throws {
        // £100 ÷ 0.8 = $125; from March ÷ 0.75 = $133.333… → $133.33
        #expect(try rates.convert(money("100"), from: "GBP", on: day("2024-01-15")) == 125)
        #expect(try rates.convert(money("100"), from: "GBP", on: day("2024-03-15")) == money("133.33"))
        let conversion = try #require(rates.conversion(for: "GBP", on: day("2024-01-15")))
        #expect(conversion.method == "inverse")
        #expect(conversion.via == nil)
    }

    @Test func aCrossRateNeedsBothLegsInForce() throws {
        // Before EUR's first rate there is no leg EUR→GBP.
        #expect(rates.conversion(for: "EUR", on: day("2024-01-15")) == nil)
        #expect(throws: NetWorthError.self) { try rates.convert(10, from: "EUR", on: day("2024-01-15")) }
        // €100 × 0.85 ÷ 0.8 = $106.25
        #expect(try rates.convert(100, from: "EUR", on: day("2024-02-15")) == money("106.25"))
        let conversion = try #require(rates.conversion(for: "EUR", on: day("2024-02-15")))
        #expect(conversion.method == "cross")
        #expect(conversion.via == "GBP")
        #expect(rates.changeDates(of: "EUR") == [day("2024-01-01"), day("2024-02-01"), day("2024-03-01")])
    }
}
