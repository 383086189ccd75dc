import ETFAnalyzer
import Foundation
import Money
import Testing
import Timing

@Suite("Per-ETF formulas")
struct ETFFormulaTests {
    @Test("a full year: every figure by hand")
    func fullYear() throws {
        // 100 shares bought at 10, now 11, held 365 days, yield 2 %, expense ratio 0.5 %.
        let etf = try PortfolioCalculator.analyze(
            holding(er: "0.5", yield: "2", shares: "100", buy: "10", bought: "2023-01-01", now: "11"),
            on: day("2024-01-01"))
        #expect(etf.daysHeld == 365)
        #expect(etf.years == 1)
        #expect(etf.initialInvestment == 1000)
        #expect(etf.currentValue == 1100)
        #expect(etf.capitalAppreciation == 100)
        #expect(etf.yieldIncome == 20)  // 1000 × 2 % × 1
        #expect(etf.grossReturn == 120)
        #expect(etf.expenses == 5)  // 1000 × 0.5 % × 1
        #expect(etf.netReturn == 115)
        #expect(etf.finalValue == 1115)
        #expect(etf.totalReturn == dec("0.115"))
        #expect(etf.annualizedReturn == dec("0.115"))  // (1115 / 1000)^(365 / 365) − 1
        #expect(!etf.isUnderAYear)
    }

    @Test("two years, zero yield and zero expense ratio")
    func zeroYieldZeroExpenses() throws {
        let etf = try PortfolioCalculator.analyze(
            holding(er: "0", yield: "0", shares: "10", buy: "100", bought: "2022-01-01", now: "121"),
            on: day("2024-01-01"))
        #expect(etf.daysHeld == 730)
        #expect(etf.yieldIncome == 0)
        #expect(etf.expenses == 0)
        #expect(etf.netReturn == 210)
        #expect(etf.grossReturn == etf.capitalAppreciation)
        #expect(etf.totalReturn == dec("0.21"))
        #expect(etf.annualizedReturn == dec("0.1"))  // 1.21^(365 / 730) − 1 = 0.1
    }

    @Test("held 0 days: no annualized return, no yield or expenses")
    func zeroDays() throws {
        let etf = try PortfolioCalculator.analyze(
            holding(er: "0.2", yield: "3", shares: "5", buy: "40", bought: "2024-06-01", now: "42"),
            on: day("2024-06-01"))
        #expect(etf.daysHeld == 0)
        #expect(etf.yieldIncome == 0)
        #expect(etf.expenses == 0)
        #expect(etf.netReturn == 10)
        #expect(etf.totalReturn == dec("0.05"))
        #expect(etf.annualizedReturn == nil)
        #expect(etf.isUnderAYear)
    }

    @Test("under a year: quotients rounded to 12 places, annualized extrapolated and flagged")
    func underAYear() throws {
        // 10 shares 50 → 55 over 182 days, yield 3 %, expense ratio 0.1 %.
        let etf = try PortfolioCalculator.analyze(
            holding(er: "0.1", yield: "3", shares: "10", buy: "50", bought: "2024-01-01", now: "55"),
            on: day("2024-07-01"))
        #expect(etf.daysHeld == 182)
        #expect(etf.yieldIncome == dec("7.479452054795"))  // 500 × 3 × 182 / 36500 = 7.4794520547945…
        #expect(etf.expenses == dec("0.249315068493"))  // 500 × 0.1 × 182 / 36500 = 0.2493150684931…
        #expect(etf.netReturn == dec("57.230136986302"))
        #expect(etf.finalValue == dec("557.230136986302"))
        #expect(etf.isUnderAYear)
        let expected = pow(557.230136986302 / 500, 365.0 / 182) - 1  // ≈ 0.2429
        #expect(close(etf.annualizedReturn, expected, 1e-10))
        #expect(close(etf.annualizedReturn, 0.2429, 1e-3))
    }

    @Test("a loss: negative appreciation and returns")
    func loss() throws {
        let etf = try PortfolioCalculator.analyze(
            holding(er: "0.03", yield: "3.7", shares: "100", buy: "75.40", bought: "2021-06-01", now: "72.80"),
            on: day("2025-05-26"))
        #expect(etf.daysHeld == 1455)
        #expect(etf.capitalAppreciation == -260)
        #expect(etf.yieldIncome == dec("1112.098356164384"))  // 7540 × 3.7 × 1455 / 36500
        #expect(etf.expenses == dec("9.017013698630"))  // 7540 × 0.03 × 1455 / 36500
        #expect(close(etf.annualizedReturn, pow(8383.081342465754 / 7540, 365.0 / 1455) - 1, 1e-10))
    }

    @Test("a loss beyond the whole investment has no annualized return")
    func lossBeyondInvestment() throws {
        // Expenses of 90 % a year for ten years on a price that fell to almost nothing.
        let etf = try PortfolioCalculator.analyze(
            holding(er: "90", shares: "1", buy: "100", bought: "2010-01-01", now: "0.01"), on: day("2020-01-01"))
        #expect(etf.finalValue < 0)
        #expect(etf.annualizedReturn == nil)
    }
}

@Suite("Portfolio formulas")
struct PortfolioFormulaTests {
    /// A (1 year, +11.5 %) and B (2 years, +10 % a year), 1,000 invested in each.
    let holdings = [
        holding("A", er: "0.5", yield: "2", shares: "100", buy: "10", bought: "2023-01-01", now: "11"),
        holding("B", er: "0", yield: "0", shares: "10", buy: "100", bought: "2022-01-01", now: "121"),
    ]

    @Test("totals, weights, allocation, weighted and own annual returns")
    func totals() throws {
        let report = try PortfolioCalculator.report(
            holdings, defaultAnalysisDate: day("2024-01-01"), growthRate: dec("0.07"))
        let summary = report.portfolio
        #expect(summary.count == 2)
        #expect(summary.totalInitial == 2000)
        #expect(summary.totalCurrent == 2310)
        #expect(summary.totalCapitalAppreciation == 310)
        #expect(summary.totalYieldIncome == 20)
        #expect(summary.totalGrossReturn == 330)
        #expect(summary.totalExpenses == 5)
        #expect(summary.totalNetReturn == 325)
        #expect(summary.totalFinalValue == 2325)
        #expect(summary.totalReturn == dec("0.1625"))
        #expect(report.etfs.map(\.weight) == [dec("0.5"), dec("0.5")])
        // Allocation by current value: 1100 / 2310 and 1210 / 2310, to 12 places.
        #expect(report.etfs[0].allocation == dec("0.476190476190"))
        #expect(report.etfs[1].allocation == dec("0.523809523810"))
        // Σ weight × annualized = 0.5 × 0.115 + 0.5 × 0.1.
        #expect(summary.weightedAnnualReturn == dec("0.1075"))
        #expect(summary.excludedFromWeighted == 0)
        // D = (1000 × 365 + 1000 × 730) / 2000 = 547.5 days; own = 1.1625^(365 / 547.5) − 1.
        #expect(summary.meanDaysHeld == dec("547.5"))
        #expect(close(summary.annualizedReturn, pow(1.1625, 365 / 547.5) - 1, 1e-10))
        #expect(close(summary.annualizedReturn, 0.1056, 1e-3))
    }

    @Test("weighted expense ratio, annual fees and fee drag at the growth rate")
    func fees() throws {
        let report = try PortfolioCalculator.report(
            holdings, defaultAnalysisDate: day("2024-01-01"), growthRate: dec("0.07"))
        let summary = report.portfolio
        // Fees at today's value: 1100 × 0.5 % + 1210 × 0 % = 5.50 a year; ratio 5.5 / 2310.
        #expect(summary.annualFees == dec("5.5"))
        #expect(summary.weightedExpenseRatio == dec("0.002380952381"))
        #expect(summary.growthRate == dec("0.07"))
        #expect(summary.feeDrag.map(\.years) == [10, 20, 30])
        let ten = summary.feeDrag[0]
        // 2310 × 1.07^10 = 4544.1196…; with fees 2310 × (1.07 − 0.0023809523809524)^10.
        #expect(close(ten.valueWithoutFees, 2310 * pow(1.07, 10), 1e-8))
        #expect(close(ten.valueWithFees, 2310 * pow(1.07 - 0.0023809523809524, 10), 1e-8))
        #expect(try ten.drag == ten.valueWithoutFees - ten.valueWithFees)
        #expect(close(ten.drag, 2310 * (pow(1.07, 10) - pow(1.0676190476190476, 10)), 1e-8))
        #expect(summary.feeDrag[2].drag > summary.feeDrag[1].drag)
        #expect(summary.feeDrag[1].drag > ten.drag)
    }

    @Test("zero expense ratio: no fees and no drag")
    func zeroExpenseRatio() throws {
        let report = try PortfolioCalculator.report(
            [holdings[1]], defaultAnalysisDate: day("2024-01-01"), growthRate: dec("0.05"))
        #expect(report.portfolio.annualFees == 0)
        #expect(report.portfolio.weightedExpenseRatio == 0)
        #expect(report.portfolio.feeDrag.allSatisfy { $0.drag == 0 })
        #expect(close(report.portfolio.feeDrag[0].valueWithoutFees, 1210 * PortfolioTestMath.power(1.05, 10), 1e-9))
    }

    @Test("an ETF held 0 days is left out of the weighted annual return, the rest reweighted")
    func zeroDayExcluded() throws {
        let today = holding("C", shares: "10", buy: "100", bought: "2024-01-01", now: "100")
        let report = try PortfolioCalculator.report(
            [holdings[0], today], defaultAnalysisDate: day("2024-01-01"), growthRate: dec("0.07"))
        #expect(report.etfs[1].annualizedReturn == nil)
        #expect(report.portfolio.excludedFromWeighted == 1)
        #expect(report.portfolio.weightedAnnualReturn == dec("0.115"))
        // D = (1000 × 365 + 1000 × 0) / 2000 = 182.5.
        #expect(report.portfolio.meanDaysHeld == dec("182.5"))
    }

    @Test("every ETF held 0 days: neither annual figure exists")
    func allZeroDays() throws {
        let report = try PortfolioCalculator.report(
            [holding(bought: "2024-01-01")], defaultAnalysisDate: day("2024-01-01"), growthRate: dec("0.07"))
        #expect(report.portfolio.weightedAnnualReturn == nil)
        #expect(report.portfolio.annualizedReturn == nil)
        #expect(report.portfolio.meanDaysHeld == 0)
    }

    @Test("a row's own analysis date wins over the default")
    func ownAnalysisDate() throws {
        let report = try PortfolioCalculator.report(
            [holding(bought: "2024-01-01", asOf: "2024-01-31"), holding(bought: "2024-01-01")],
            defaultAnalysisDate: day("2024-03-01"), growthRate: 0)
        #expect(report.etfs.map(\.daysHeld) == [30, 60])
        #expect(report.commonAnalysisDate == nil)
    }

    @Test("figures far beyond a household's stay exact; beyond an amount's range they are an error, not a wrap")
    func hugeFigures() throws {
        let huge = holding(
            er: "0.123456789", yield: "1.987654321", shares: "123456789.123456", buy: "987654321.123456",
            bought: "2000-01-01", now: "987654322.654321")
        let report = try PortfolioCalculator.report(
            [huge, holding()], defaultAnalysisDate: day("2025-01-01"), growthRate: dec("0.07"))
        // 12 decimal places in all: the product is exact.
        #expect(report.etfs[0].initialInvestment == dec("121932631249808602.211401383936"))
        let tooBig = holding(shares: "99999999999999", buy: "99999999999999")
        #expect(throws: MoneyError.overflow) {
            try PortfolioCalculator.report([tooBig], defaultAnalysisDate: day("2025-01-01"), growthRate: 0)
        }
    }
}

/// Exact powers for expectations.
enum PortfolioTestMath {
    static func power(_ base: Double, _ exponent: Int) -> Double {
        (0..<exponent).reduce(1.0) { result, _ in result * base }
    }
}

/// A small deterministic generator (SplitMix64), so the property test is the same every run.
struct SeededRandom {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func nextRaw() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(upTo bound: Int) -> Int { Int(nextRaw() % UInt64(bound)) }

}
