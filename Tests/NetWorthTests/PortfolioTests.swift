import Foundation
import Money
import Testing
import Timing

@testable import NetWorth

/// Hand-computed portfolio: every number below is worked out in the comments.
@Suite struct PortfolioTests {
    static let accounts = [
        account(1, "Savings", .savings, [("2024-01-31", "10000")]),
        account(2, "ISA", .isa, [("2024-01-31", "5000"), ("2024-02-29", "5500")]),
        account(3, "Pension", .pension, [("2024-01-15", "20000")]),
        account(4, "Mortgage", .mortgage, [("2024-01-31", "150000"), ("2024-02-29", "149000")]),
        account(5, "Card", .creditCard, [("2024-02-10", "500")]),
    ]

    func portfolio(_ inclusion: Inclusion = Inclusion(), accounts: [Account] = accounts) -> Portfolio {
        Portfolio(accounts: accounts, rates: ExchangeRates(base: "GBP"), inclusion: inclusion)
    }

    @Test func netWorthSubtractsDebtsOnce() throws {
        // assets 10000 + 5500 + 20000 = 35500; debts 149000 + 500 = 149500; net worth -114000
        let totals = try portfolio().totals(on: day("2024-03-01"))
        #expect(totals.assets == 35_500)
        #expect(totals.debts == 149_500)
        #expect(totals.netWorth == -114_000)
    }

    @Test func togglesLeaveOutPensionsAndMortgages() throws {
        let date = day("2024-03-01")
        // without the pension: 15500 − 149500 = −134000
        #expect(try portfolio(Inclusion(includePensions: false)).totals(on: date).netWorth == -134_000)
        // without the mortgage: 35500 − 500 = 35000
        #expect(try portfolio(Inclusion(includeMortgages: false)).totals(on: date).netWorth == 35_000)
        // without both: 15500 − 500 = 15000
        #expect(
            try portfolio(Inclusion(includePensions: false, includeMortgages: false)).totals(on: date).netWorth
                == 15_000)
    }

    @Test func anExcludedAccountDoesNotCount() throws {
        var accounts = Self.accounts
        accounts[0].isIncluded = false
        // 35500 − 10000 = 25500 assets; 25500 − 149500 = −124000
        let totals = try portfolio(accounts: accounts).totals(on: day("2024-03-01"))
        #expect(totals.assets == 25_500)
        #expect(totals.netWorth == -124_000)
        #expect(Inclusion().exclusionReason(accounts[0]) == "excluded")
        #expect(Inclusion(includePensions: false).exclusionReason(accounts[2]) == "pensions excluded")
        #expect(Inclusion(includeMortgages: false).exclusionReason(accounts[3]) == "mortgages excluded")
    }

    @Test func historicalTotalsUseEachAccountsBalanceAsOfTheDate() throws {
        // 2024-01-31: savings 10000 + ISA 5000 + pension 20000 = 35000; mortgage 150000 (card not yet)
        let totals = try portfolio().totals(on: day("2024-01-31"))
        #expect(totals.assets == 35_000)
        #expect(totals.debts == 150_000)
        // 2024-01-20: only the pension exists
        #expect(try portfolio().totals(on: day("2024-01-20")) == Totals(assets: 20_000, debts: 0))
    }

    @Test func changeSinceLastUpdateComparesTheTwoMostRecentUpdateDates() throws {
        // update dates: 01-15, 01-31, 02-10, 02-29 → latest 02-29, previous 02-10
        // 02-29: assets 10000 + 5500 + 20000 = 35500, debts 149000 + 500 = 149500 → −114000
        // 02-10: assets 10000 + 5000 + 20000 = 35000, debts 150000 + 500 = 150500 → −115500
        let change = try #require(try portfolio().changeSinceLastUpdate(asOf: day("2024-03-01")))
        #expect(change.latestDate == day("2024-02-29"))
        #expect(change.previousDate == day("2024-02-10"))
        #expect(change.netWorth.amount == 1_500)
        #expect(change.netWorth.fraction == (try money("1500").divided(by: money("115500"))))
        #expect(change.assets.amount == 500)
        #expect(change.debts.amount == -1_000)
        #expect(change.debts.trend == .positive)  // debts went down
        #expect(change.netWorth.trend == .positive)
    }

    @Test func changeAsOfAnEarlierDateIgnoresLaterUpdates() throws {
        // as of 02-15: latest 02-10, previous 01-31
        // 02-10: −115500 (above); 01-31: 35000 − 150000 = −115000 → change −500 (the card's 500)
        let change = try #require(try portfolio().changeSinceLastUpdate(asOf: day("2024-02-15")))
        #expect(change.latestDate == day("2024-02-10"))
        #expect(change.previousDate == day("2024-01-31"))
        #expect(change.netWorth.amount == -500)
        #expect(change.debts.trend == .negative)
    }

    @Test func updateDatesComeFromEveryAccountEvenExcludedOnes() throws {
        var accounts = [
            account(1, "A", .savings, [("2024-01-31", "1000"), ("2024-03-31", "1500")]),
            account(2, "B", .savings, [("2024-02-29", "2000"), ("2024-03-15", "2100")]),
        ]
        // latest 03-31, previous 03-15: 1500 + 2100 = 3600 vs 1000 + 2100 = 3100 → +500
        var change = try #require(try portfolio(accounts: accounts).changeSinceLastUpdate(asOf: day("2024-04-01")))
        #expect(change.previousDate == day("2024-03-15"))
        #expect(change.latest.netWorth == 3_600)
        #expect(change.previous.netWorth == 3_100)
        accounts[0].isIncluded = false
        // A's dates still count (the seed's "any account"), but only B's balances: 2100 vs 2100 → no change
        change = try #require(try portfolio(accounts: accounts).changeSinceLastUpdate(asOf: day("2024-04-01")))
        #expect(change.latestDate == day("2024-03-31"))
        #expect(change.netWorth.isZero)
    }

    @Test func noChangeUntilTwoUpdateDates() throws {
        let single = [
            account(1, "A", .savings, [("2024-01-31", "1000")]), account(2, "B", .loan, [("2024-01-31", "10")]),
        ]
        #expect(try portfolio(accounts: single).changeSinceLastUpdate(asOf: day("2024-02-01")) == nil)
        #expect(try portfolio(accounts: []).totals(on: day("2024-02-01")) == Totals())
    }

    @Test func lastUpdateDatesFindTheGlobalTopTwo() throws {
        // A's two newest are 03-31 and 03-30; B's newest 03-20: the top two are A's.
        let accounts = [
            account(1, "A", .savings, [("2024-01-01", "1"), ("2024-03-30", "2"), ("2024-03-31", "3")]),
            account(2, "B", .savings, [("2024-03-20", "4")]),
        ]
        let dates = try #require(portfolio(accounts: accounts).lastUpdateDates(onOrBefore: day("2024-12-31")))
        #expect(dates.latest == day("2024-03-31"))
        #expect(dates.previous == day("2024-03-30"))
    }

    @Test func netWorthSeriesHasAPointPerUpdateDate() throws {
        let series = try portfolio().netWorthSeries()
        #expect(series.map(\.date) == ["2024-01-15", "2024-01-31", "2024-02-10", "2024-02-29"].map(day))
        // 01-15: pension only 20000
        #expect(series[0].totals.netWorth == 20_000)
        #expect(series[3].totals.netWorth == -114_000)
        #expect(
            try portfolio().netWorthSeries(from: day("2024-02-01"), to: day("2024-02-20")).map(\.date) == [
                day("2024-02-10")
            ])
    }
}
