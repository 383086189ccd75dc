import Foundation
import Money
import Testing
import Timing

@testable import NetWorth

@Suite struct ReportTests {
    // A: £100 from 01-15, £300 from 03-10; B (debt): £50 from 02-20; C: $200 from 02-01 at 0.5 then 0.6 from 03-15.
    let portfolio = Portfolio(
        accounts: [
            account(1, "A", .savings, [("2024-01-15", "100"), ("2024-03-10", "300")]),
            account(2, "B", .creditCard, [("2024-02-20", "50")]),
            account(3, "C", .foreignCurrency, currency: "USD", [("2024-02-01", "200")]),
        ],
        rates: ExchangeRates(
            base: "GBP",
            rates: [
                ExchangeRate(currency: "USD", base: "GBP", date: day("2024-02-01"), rate: money("0.5")),
                ExchangeRate(currency: "USD", base: "GBP", date: day("2024-03-15"), rate: money("0.6")),
            ]),
        inclusion: Inclusion())

    @Test func monthlyRowsValueEveryAccountAtEachMonthEnd() throws {
        let report = try portfolio.report(period: .monthly, from: nil, to: day("2024-04-10"))
        #expect(report.rows.map(\.period) == ["2024-01", "2024-02", "2024-03", "2024-04"])
        #expect(report.rows.map(\.date) == ["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-10"].map(day))
        // Jan: A 100 → 100
        #expect(report.rows[0].values == [100, nil, nil])
        #expect(report.rows[0].totals.netWorth == 100)
        #expect(report.rows[0].change == nil)
        // Feb: A 100 + C $200×0.5 = 100 → assets 200; B 50 → 150; change +50
        #expect(report.rows[1].values == [100, 50, 100])
        #expect(try report.rows[1].totals == Totals(assets: 200, debts: 50))
        #expect(report.rows[1].change?.amount == 50)
        // Mar: A 300 + C $200×0.6 = 120 → 420 − 50 = 370; change +220
        #expect(report.rows[2].totals.netWorth == 370)
        #expect(report.rows[2].change?.amount == 220)
        // Apr (to the 10th): unchanged
        #expect(report.rows[3].totals.netWorth == 370)
        #expect(report.rows[3].change?.isZero == true)
    }

    @Test func rangeAndTogglesAreRespected() throws {
        let report = try portfolio.report(period: .monthly, from: day("2024-02-15"), to: day("2024-03-31"))
        #expect(report.rows.map(\.period) == ["2024-02", "2024-03"])
        var withoutCard = portfolio
        withoutCard.accounts[1].isIncluded = false
        let fewer = try withoutCard.report(period: .monthly, from: nil, to: day("2024-03-31"))
        #expect(fewer.accounts.map(\.name) == ["A", "C"])
        #expect(fewer.rows.last?.totals.netWorth == 420)
    }

    @Test func yearlyRowsEndOnTheLastDayOfEachYear() throws {
        let report = try portfolio.report(period: .yearly, from: day("2023-06-01"), to: day("2025-02-01"))
        #expect(report.rows.map(\.date) == ["2023-12-31", "2024-12-31", "2025-02-01"].map(day))
        #expect(report.rows[0].totals.netWorth == 0)
        #expect(report.rows[1].totals.netWorth == 370)
    }

    @Test func emptyAndReversedRanges() throws {
        let empty = Portfolio(accounts: [], rates: ExchangeRates(base: "GBP"), inclusion: Inclusion())
        #expect(try empty.report(period: .monthly, from: nil, to: day("2024-01-01")).rows.isEmpty)
        #expect(throws: NetWorthError.self) {
            try portfolio.report(period: .monthly, from: day("2024-05-01"), to: day("2024-04-01"))
        }
    }

    @Test func aMissingRateStopsTheReport() {
        var early = portfolio
        early.accounts[2] = account(3, "C", .foreignCurrency, currency: "USD", [("2024-01-20", "200")])
        let error = #expect(throws: NetWorthError.self) {
            try early.report(period: .monthly, from: nil, to: day("2024-04-10"))
        }
        #expect(error?.why?.contains("2024-01-31") == true)
    }
}
