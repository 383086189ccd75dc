import Foundation
import Money
import MutualFunds
import MutualFundsPortfolio
import Testing
import Timing

/// `funds:portfolio` as another feature reads it: nothing until there are holdings, then the portfolio's value in
/// INR as of the latest NAV date used.
@Suite struct PortfolioValueSourceTests {
    @Test("no holdings give nothing; imported holdings give their value in INR as of the latest NAV date")
    func value() async throws {
        // The day after the last NAV: a NAV is stale only after 7 days.
        let app = PortfolioApp(
            answers: try FundsPortfolioValuationTests.answers(), now: Date(timeIntervalSince1970: 1_704_171_600))
        #expect(try await app.service.portfolioValue() == nil)
        _ = try await app.service.importStatement(FundsPortfolioValuationTests.statement())
        let value = try #require(try await app.service.portfolioValue())
        #expect(value.amount == Amount(1800))
        #expect(value.currency == "INR")
        #expect(value.staleBecause == nil)
        let india = TimeZone(identifier: "Asia/Kolkata")!
        #expect(value.asOf == CalendarDate(iso8601: "2024-01-01")!.startOfDay(in: india))
        // issue 38: what the value is made of, each scheme with its class and the day's move when the history has
        // the NAV before (Fund A: 50 units × (12 − 11.5)); Fund B's previous NAV is a year old, no day's move.
        #expect(value.holdings.map(\.value).reduce(Amount.zero) { (try? $0 + $1) ?? $0 } == Amount(1800))
        let a = try #require(value.holdings.first { $0.name == "Fund A" })
        #expect(a.dayChange == Amount(25) && a.currency == "INR")
        let b = try #require(value.holdings.first { $0.name != "Fund A" })
        #expect(b.dayChange == nil)
        #expect(b.assetClass == .equity)
    }
}
