import Foundation
import Money
import Testing
import Timing

@testable import NetWorth

@Suite struct SampleDataTests {
    let today = day("2025-06-15")
    var sample: SampleData { SampleData.generate(today: today) }

    @Test func tenAccountsOfVariedTypes() {
        let accounts = sample.accounts
        #expect(accounts.count == 10)
        #expect(Set(accounts.map(\.name)).count == 10)
        #expect(Set(accounts.map(\.type)).count == 10)
        #expect(accounts.filter { $0.type.isDebt }.count == 3)
        #expect(accounts.contains { $0.currency == "USD" })
    }

    @Test func historiesRunFromSixWeeksToSevenYears() {
        let spans = sample.accounts.map { $0.updates.first!.date.days(to: $0.updates.last!.date) }
        #expect(spans.min() == 42)
        #expect(spans.max() == today.adding(years: -7).days(to: today))
        #expect(sample.accounts.allSatisfy { $0.updates.last!.date <= today })
        #expect(sample.accounts.allSatisfy { $0.updates.allSatisfy { $0.amount >= 0 } })
    }

    @Test func debtsArePaidDown() {
        for name in ["Home Mortgage", "Car Loan"] {
            let amounts = sample.accounts.first { $0.name == name }!.updates.map(\.amount)
            #expect(zip(amounts, amounts.dropFirst()).allSatisfy { $0 > $1 }, "\(name) should fall every month")
        }
    }

    @Test func investmentsGrowWithVolatility() throws {
        let isa = sample.accounts.first { $0.type == .isa }!.updates.map(\.amount)
        #expect(try isa.last! > isa.first! * 3)
        #expect(zip(isa, isa.dropFirst()).contains { $0 > $1 }, "an ISA that never falls is not realistic")
    }

    @Test func everyForeignBalanceHasARate() throws {
        let portfolio = Portfolio(
            accounts: sample.accounts, rates: ExchangeRates(base: "GBP", rates: sample.rates), inclusion: Inclusion())
        _ = try portfolio.netWorthSeries()
        #expect(try portfolio.changeSinceLastUpdate(asOf: today) != nil)
        _ = try portfolio.report(period: .monthly, from: nil, to: today)
    }

    @Test func theSameDayGivesTheSameData() {
        #expect(SampleData.generate(today: today).accounts == sample.accounts)
        #expect(SampleData.generate(today: today).rates == sample.rates)
        #expect(SampleData.generate(today: today.adding(days: 1)).accounts != sample.accounts)
    }
}
