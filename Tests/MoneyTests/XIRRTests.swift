import Foundation
import Money
import Testing

@Suite("XIRR")
struct XIRRTests {
    let start = Date(timeIntervalSince1970: 1_600_000_000)
    func day(_ offset: Double) -> Date { start.addingTimeInterval(offset * 86_400) }

    @Test func tenPercentOverOneYear() throws {
        let rate = try XIRR.rate([CashFlow(date: day(0), amount: -1_000), CashFlow(date: day(365), amount: 1_100)])
        #expect(abs(rate - 0.1) < 1e-9)
    }

    @Test func monthlyInvestmentsSolveToTheRateThatDiscountsThemToZero() throws {
        var flows = (0..<24).map { CashFlow(date: day(Double($0) * 30), amount: -5_000) }
        flows.append(CashFlow(date: day(720), amount: 140_000))
        let rate = try XIRR.rate(flows)
        let times = flows.map { $0.date.timeIntervalSince(start) / (365 * 86_400) }
        let residual = zip(times, flows).reduce(0.0) { $0 + $1.1.amount.doubleValue * pow(1 + rate, -$1.0) }
        #expect(abs(residual) < 1e-4)
    }

    @Test func noRateWithoutBothSignsOrAYearWhenOneIsRequired() {
        #expect(throws: XIRR.Unavailable.noSignChange) {
            try XIRR.rate([CashFlow(date: day(0), amount: -1), CashFlow(date: day(400), amount: -1)])
        }
        #expect(throws: XIRR.Unavailable.underAYear) {
            try XIRR.rate(
                [CashFlow(date: day(0), amount: -1), CashFlow(date: day(100), amount: 2)], requiresAYear: true)
        }
    }

    @Test func totalLossFallsBackToBisection() throws {
        let rate = try XIRR.rate([
            CashFlow(date: day(0), amount: -1_000), CashFlow(date: day(730), amount: Amount(1, places: 2)),
        ])
        #expect(rate > -1 && rate < -0.9)
    }
}
