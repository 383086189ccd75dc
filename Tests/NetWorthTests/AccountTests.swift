import Foundation
import Money
import Testing
import Timing

@testable import NetWorth

@Suite struct AccountTests {
    let savings = account(
        1, "Savings", .savings, [("2024-01-31", "1000"), ("2024-03-31", "1200"), ("2024-02-29", "1100")])

    @Test func updatesAreKeptInDateOrder() {
        #expect(savings.updates.map(\.date) == [day("2024-01-31"), day("2024-02-29"), day("2024-03-31")])
        #expect(savings.currentBalance == 1200)
        #expect(savings.previousUpdate?.amount == 1100)
    }

    @Test func balanceOnADateIsTheLatestUpdateOnOrBeforeIt() {
        #expect(savings.balance(on: day("2024-01-30")) == nil)  // before the first update
        #expect(savings.balance(on: day("2024-01-31")) == 1000)  // on the day
        #expect(savings.balance(on: day("2024-02-28")) == 1000)  // between updates
        #expect(savings.balance(on: day("2024-02-29")) == 1100)
        #expect(savings.balance(on: day("2030-01-01")) == 1200)  // after the last
    }

    @Test func recordingTheSameDateReplacesIt() {
        var copy = savings
        let replaced = copy.record(BalanceUpdate(date: day("2024-02-29"), amount: 1150, note: "corrected"))
        #expect(replaced?.amount == 1100)
        #expect(copy.updates.count == 3)
        #expect(copy.balance(on: day("2024-03-01")) == 1150)
        #expect(copy.removeUpdate(on: day("2024-02-29"))?.amount == 1150)
        #expect(copy.removeUpdate(on: day("2024-02-29")) == nil)
        #expect(copy.truncated(through: day("2024-02-01")).updates.map(\.amount) == [1000])
    }

    @Test func assetGrowthIsPositive() throws {
        // 1100 → 1200: +100, 100 / 1100 = 0.0909…
        let change = try #require(try savings.changeSinceLastUpdate)
        #expect(change.amount == 100)
        #expect(change.fraction == (try money("100").divided(by: money("1100"))))
        #expect(change.trend == .positive)
        #expect(change.direction == 1)
    }

    @Test func assetFallIsNegative() throws {
        let isa = account(2, "ISA", .isa, [("2024-01-31", "5000"), ("2024-02-29", "4750")])
        let change = try #require(try isa.changeSinceLastUpdate)
        #expect(change.amount == -250)
        #expect(change.fraction == money("-0.05"))  // -250 / 5000
        #expect(change.trend == .negative)
    }

    @Test func debtGoingDownIsPositive() throws {
        let mortgage = account(3, "Mortgage", .mortgage, [("2024-01-31", "5000"), ("2024-02-29", "4800")])
        let change = try #require(try mortgage.changeSinceLastUpdate)
        #expect(change.amount == -200)
        #expect(change.fraction == money("-0.04"))  // -200 / 5000
        #expect(change.direction == -1)
        #expect(change.trend == .positive)
    }

    @Test func debtGoingUpIsNegative() throws {
        let card = account(4, "Card", .creditCard, [("2024-01-31", "300"), ("2024-02-29", "450")])
        let change = try #require(try card.changeSinceLastUpdate)
        #expect(change.amount == 150)
        #expect(change.fraction == money("0.5"))
        #expect(change.trend == .negative)
    }

    @Test func noChangeAndZeroPreviousBalance() throws {
        let flat = account(5, "Flat", .savings, [("2024-01-31", "700"), ("2024-02-29", "700")])
        let same = try #require(try flat.changeSinceLastUpdate)
        #expect(same.isZero)
        #expect(same.trend == .none)
        #expect(same.fraction == 0)
        let fromZero = account(6, "New", .savings, [("2024-01-31", "0"), ("2024-02-29", "250")])
        let change = try #require(try fromZero.changeSinceLastUpdate)
        #expect(change.amount == 250)
        #expect(change.fraction == nil)  // % not available from a zero balance
        #expect(change.trend == .positive)
    }

    @Test func negativePreviousBalanceUsesItsMagnitude() throws {
        // An overdraft of -200 improving to -50: +150, 150 / |-200| = +75%
        let current = account(7, "Current", .current, [("2024-01-31", "-200"), ("2024-02-29", "-50")])
        let change = try #require(try current.changeSinceLastUpdate)
        #expect(change.fraction == money("0.75"))
        #expect(change.trend == .positive)
    }

    @Test func oneUpdateHasNoChange() throws {
        #expect(try account(8, "One", .cash, [("2024-01-31", "10")]).changeSinceLastUpdate == nil)
        #expect(account(9, "None", .cash, []).currentBalance == 0)
    }

    @Test func rulesRefuseFutureDatesAndNegativeDebts() {
        let today = day("2024-06-30")
        let future = #expect(throws: NetWorthError.self) {
            try BalanceRules.check(
                BalanceUpdate(date: day("2024-07-01"), amount: 1),
                for: BalanceRules.Target(name: "A", type: .savings, currency: "GBP"), today: today)
        }
        #expect(future?.kind == .refused)
        #expect(future?.why?.contains("future") == true)
        let negative = #expect(throws: NetWorthError.self) {
            try BalanceRules.check(
                BalanceUpdate(date: today, amount: -5),
                for: BalanceRules.Target(name: "Loan", type: .loan, currency: "GBP"),
                today: today)
        }
        #expect(negative?.hint?.contains("enter 5") == true)
        #expect(throws: Never.self) {
            try BalanceRules.check(
                BalanceUpdate(date: today, amount: -5),
                for: BalanceRules.Target(name: "Current", type: .current, currency: "GBP"), today: today)
        }
    }
}
