import Foundation
import Money
import Testing
import Timing

@testable import MutualFunds

@Suite("Returns, risk, XIRR, SIP and rolling returns against hand-computed values")
struct AnalyticsTests {
    // MARK: Returns

    @Test("point-to-point uses the latest NAV on or before latest − period")
    func pointToPoint() throws {
        // 2024-01-08 (the 1W start) has no NAV: the 2024-01-05 NAV is used.
        let history = TestData.history([
            ("2023-12-15", "95"), ("2024-01-05", "100"), ("2024-01-10", "104"), ("2024-01-15", "110"),
        ])
        let week = try #require(Returns.pointToPoint(history.series, period: .oneWeek))
        #expect(close(week.absolute, 0.1))
        #expect(week.annualized == nil)
        #expect(week.fromDate == TestData.date("2024-01-05"))
        #expect(week.toDate == TestData.date("2024-01-15"))
        let month = try #require(Returns.pointToPoint(history.series, period: .oneMonth))
        #expect(close(month.absolute, 110.0 / 95 - 1))
        #expect(Returns.pointToPoint(history.series, period: .threeMonths) == nil)
        #expect(Returns.pointToPoint(history.series, period: .oneYear) == nil)
        let inception = try #require(Returns.pointToPoint(history.series, period: .sinceInception))
        #expect(close(inception.absolute, 110.0 / 95 - 1))
        #expect(inception.annualized == nil, "SI under a year is not annualized")
    }

    @Test("CAGR = (end/start)^(365/days) − 1 with the days between the dates actually used")
    func cagr() throws {
        let history = TestData.history([
            ("2021-01-04", "100"), ("2023-01-02", "121"), ("2024-01-02", "133.1"),
        ])
        // 3Y start: 2021-01-02 has no NAV, and none is earlier → not available.
        #expect(Returns.pointToPoint(history.series, period: .threeYears) == nil)
        let year = try #require(Returns.pointToPoint(history.series, period: .oneYear))
        #expect(year.fromDate == TestData.date("2023-01-02"))
        #expect(close(year.absolute, 0.1))
        #expect(close(year.annualized, 0.1))  // 365 days
        let inception = try #require(Returns.pointToPoint(history.series, period: .sinceInception))
        let days = TestData.date("2021-01-04").days(to: TestData.date("2024-01-02"))
        #expect(days == 1093)
        #expect(close(inception.annualized, pow(1.331, 365.0 / 1093) - 1))
        #expect(close(Returns.cagr(start: 100, end: 133.1, days: 1095), 0.1))
        #expect(Returns.cagr(start: 100, end: 110, days: 0) == nil)
    }

    @Test("one calendar month back from 31 March is 29 February")
    func monthClamp() throws {
        let history = TestData.history([("2024-02-28", "100"), ("2024-02-29", "102"), ("2024-03-31", "110")])
        let month = try #require(Returns.pointToPoint(history.series, period: .oneMonth))
        #expect(month.fromDate == TestData.date("2024-02-29"))
        #expect(close(month.absolute, 110.0 / 102 - 1))
    }

    // MARK: Risk

    /// 1Y window 2023-01-02 → 2024-01-02: daily returns +10 %, −10 %, +10 %; an older point outside it.
    static let riskHistory = TestData.history([
        ("2022-06-01", "50"), ("2023-01-02", "100"), ("2023-06-01", "110"), ("2023-09-01", "99"),
        ("2024-01-02", "108.9"),
    ])

    @Test("volatility: sample standard deviation of daily returns over the last year × √252")
    func volatility() throws {
        // mean 0.1/3; deviations 0.2/3, −0.4/3, 0.2/3; Σ squares 0.24/9; ÷ (3 − 1) = 0.04/3.
        let expected = (0.04 / 3).squareRoot() * 252.0.squareRoot()
        #expect(close(Risk.volatility(Self.riskHistory.series), expected))
        let short = TestData.history([("2023-06-01", "1"), ("2023-07-01", "2"), ("2024-01-02", "3")])
        #expect(Risk.volatility(short.series) == nil, "needs a year of history")
        let twoPoints = TestData.history([("2023-01-02", "1"), ("2024-01-02", "2")])
        #expect(Risk.volatility(twoPoints.series) == nil, "needs two returns")
    }

    @Test("Sharpe: (1Y return − risk-free) / volatility; n/a without volatility")
    func sharpe() throws {
        let report = try #require(FundReport(history: Self.riskHistory, riskFreeRate: 0.05))
        let volatility = (0.04 / 3).squareRoot() * 252.0.squareRoot()
        #expect(close(report.returns[.oneYear]?.absolute, 0.089))
        #expect(close(report.sharpe, (0.089 - 0.05) / volatility))
        #expect(Risk.sharpe(return: 0.1, volatility: nil, riskFreeRate: 0) == nil)
        #expect(Risk.sharpe(return: 0.1, volatility: 0, riskFreeRate: 0) == nil)
    }

    @Test("max drawdown: the largest fall from a running peak, with its dates")
    func maxDrawdown() throws {
        let history = TestData.history([
            ("2024-01-01", "100"), ("2024-01-02", "120"), ("2024-01-03", "90"), ("2024-01-04", "130"),
            ("2024-01-05", "104"), ("2024-01-08", "125"),
        ])
        let drawdown = try #require(Risk.maxDrawdown(history.series, from: 0, to: 5))
        #expect(close(drawdown.value, -0.25))
        #expect(drawdown.peakDate == TestData.date("2024-01-02"))
        #expect(drawdown.troughDate == TestData.date("2024-01-03"))
        // From the 4th point on, only the 130 → 104 fall counts.
        #expect(close(Risk.maxDrawdown(history.series, from: 3, to: 5)?.value, -0.2))
        let rising = TestData.history([("2024-01-01", "1"), ("2024-01-02", "2")])
        #expect(Risk.maxDrawdown(rising.series, from: 0, to: 1) == Drawdown(value: 0, peakDate: nil, troughDate: nil))
        #expect(Risk.maxDrawdown(rising.series, from: 1, to: 1) == nil)
    }

    @Test("the 3,266-point fixture against an independent computation")
    func fullFixture() throws {
        let history = try TestData.fixtureHistory("scheme_122639_history_full_3266pts.json", code: 122639)
        let report = try #require(FundReport(history: history, range: .oneYear, riskFreeRate: 0.05))
        let expected: [ReturnPeriod: (Double, Double?, String)] = [
            .oneWeek: (-0.0071048853489982244, nil, "2026-08-28"),
            .oneMonth: (-0.030298583402511903, nil, "2026-08-04"),
            .threeMonths: (0.009696685794589488, nil, "2026-06-04"),
            .sixMonths: (-0.005611831308944049, nil, "2026-03-04"),
            .oneYear: (-0.02112717175518042, -0.02112717175518042, "2025-09-04"),
            .threeYears: (0.45611106017689695, 0.1333095110929705, "2023-09-04"),
            .fiveYears: (0.7794448331983612, 0.12202390263650997, "2021-09-03"),
            .tenYears: (3.8232946704956543, 0.17019860083356653, "2016-09-02"),
            .sinceInception: (8.05361428914313, 0.18046420201649238, "2013-05-28"),
        ]
        for (period, (absolute, annualized, from)) in expected {
            let value = try #require(report.returns[period], "\(period)")
            #expect(close(value.absolute, absolute, 1e-12), "\(period)")
            if let annualized {
                #expect(close(value.annualized, annualized, 1e-12), "\(period)")
            } else {
                #expect(value.annualized == nil, "\(period)")
            }
            #expect(value.fromDate.iso8601 == from, "\(period)")
            #expect(value.toDate.iso8601 == "2026-09-04")
        }
        #expect(close(report.volatility, 0.08806445965504207, 1e-12))
        #expect(close(report.maxDrawdown?.value, -0.10977288009589325, 1e-12))
        #expect(report.maxDrawdown?.peakDate?.iso8601 == "2025-10-27")
        #expect(report.maxDrawdown?.troughDate?.iso8601 == "2026-03-30")
        #expect(close(report.sharpe, -0.8076716990462801, 1e-12))
        #expect(report.dailyChange == Amount("-0.106"))
        #expect(close(report.dailyChangePercent, -0.0011695274116263477, 1e-12))
    }

    // MARK: XIRR (Money's solver, on NAV dates as the SIP gives them)

    /// A flow on a calendar date, as ``SIPCalculator`` hands them to `Money.XIRR`.
    static func flow(_ date: String, _ amount: Int) -> CashFlow {
        CashFlow(date: SIPCalculator.utcMidnight(TestData.date(date)), amount: Amount(amount))
    }

    static func rate(_ flows: [CashFlow]) -> Double? { try? XIRR.rate(flows) }

    @Test("XIRR on flows with a known answer")
    func xirrKnown() {
        let f = Self.flow
        #expect(close(Self.rate([f("2023-01-01", -1000), f("2024-01-01", 1100)]), 0.1, 1e-9))
        #expect(close(Self.rate([f("2022-01-01", -1000), f("2024-01-01", 1210)]), 0.1, 1e-9))
        // Microsoft's XIRR documentation example: 0.373362535.
        let excel = [
            f("2008-01-01", -10000), f("2008-03-01", 2750), f("2008-10-30", 4250), f("2009-02-15", 3250),
            f("2009-04-01", 2750),
        ]
        #expect(close(Self.rate(excel), 0.3733625335188314, 1e-9))
        let rate = Self.rate(excel)!
        let presentValue = excel.reduce(0.0) { total, flow in
            let years = Double(TestData.date("2008-01-01").days(to: CalendarDate(flow.date, in: .gmt))) / 365
            return total + flow.amount.doubleValue * pow(1 + rate, -years)
        }
        #expect(abs(presentValue) < 1e-6)
    }

    @Test("when Newton's method fails the bracketed fallback still finds the rate")
    func xirrFallback() throws {
        // Losing 99.9 % in a year: r = −0.999. From 10 % Newton's first step lands below −100 % and fails.
        #expect(close(Self.rate([Self.flow("2023-01-01", -1000), Self.flow("2024-01-01", 1)]), -0.999, 1e-9))
        // Tripling in 30 days: r = 3^(365/30) − 1 ≈ 638,226.
        let rate = try #require(Self.rate([Self.flow("2024-01-01", -1000), Self.flow("2024-01-31", 3000)]))
        let expected = pow(3.0, 365.0 / 30) - 1
        #expect(abs(rate - expected) / expected < 1e-9)
    }

    @Test("no sign change, no rate: not available, never 0")
    func xirrNotAvailable() {
        let f = Self.flow
        #expect(Self.rate([f("2024-01-01", -1000), f("2024-06-01", -5)]) == nil)
        #expect(Self.rate([f("2024-01-01", 1000), f("2024-06-01", 5)]) == nil)
        #expect(Self.rate([f("2024-01-01", -1000), f("2024-01-01", 1200)]) == nil)
        #expect(Self.rate([]) == nil)
        // Both signs, but the value is zero: the sum never changes sign for any rate above −100 %.
        #expect(Self.rate([f("2024-01-01", -1000), f("2024-06-01", 0), f("2024-07-01", -1)]) == nil)
    }

    // MARK: SIP

    static let sipHistory = TestData.history([
        ("2023-12-29", "9.5"), ("2024-01-01", "10"), ("2024-02-02", "12.5"), ("2024-03-01", "8"), ("2024-03-15", "10"),
        ("2024-04-02", "11"),
    ])

    @Test("SIP: next NAV when the day has none, units to 3 decimals, value at the valuation date, XIRR")
    func sip() throws {
        let plan = SIPPlan(amount: 1000, day: 1, from: TestData.date("2024-01-01"), to: TestData.date("2024-03-20"))
        let result = try SIPCalculator.simulate(plan, on: Self.sipHistory)
        #expect(result.installments.map(\.scheduled.iso8601) == ["2024-01-01", "2024-02-01", "2024-03-01"])
        #expect(result.installments.map(\.date.iso8601) == ["2024-01-01", "2024-02-02", "2024-03-01"])
        #expect(result.installments.map(\.units) == [100, 80, 125])
        #expect(result.units == 305)
        #expect(result.invested == 3000)
        #expect(result.valuationDate == TestData.date("2024-03-15"))
        #expect(result.valuationNAV == 10)
        #expect(result.value == 3050)
        #expect(close(result.absoluteReturn, 3050.0 / 3000 - 1))
        #expect(close(result.xirr, 0.1489646296915138, 1e-9))
    }

    @Test("SIP units are rounded to 3 decimals; day 31 falls on the month's last day")
    func sipRounding() throws {
        let history = TestData.history([("2024-01-31", "12.3456"), ("2024-02-29", "12"), ("2024-03-28", "13")])
        let plan = SIPPlan(amount: 1000, day: 31, from: TestData.date("2024-01-31"))
        let result = try SIPCalculator.simulate(plan, on: history)
        #expect(result.installments.map(\.scheduled.iso8601) == ["2024-01-31", "2024-02-29"])
        // 1000 / 12.3456 = 81.00052… → 81.001; the March 31 installment has no NAV on or after it.
        #expect(result.installments.first?.units == Amount("81.001"))
        #expect(result.installments.last?.units == Amount("83.333"))
        #expect(result.value == Amount("2136.34"))  // 164.334 × 13 = 2136.342, to the paisa
        #expect(result.valuationDate == TestData.date("2024-03-28"))
    }

    @Test("SIP plans that cannot run are refused")
    func sipErrors() {
        let d = TestData.date
        #expect(throws: SIPError.startsBeforeHistory(from: d("2023-01-01"), firstNAV: d("2023-12-29"))) {
            try SIPCalculator.simulate(SIPPlan(amount: 1000, day: 1, from: d("2023-01-01")), on: Self.sipHistory)
        }
        #expect(throws: SIPError.noInstallments(from: d("2024-04-05"), to: d("2024-04-20"))) {
            try SIPCalculator.simulate(
                SIPPlan(amount: 1000, day: 5, from: d("2024-04-05"), to: d("2024-04-20")), on: Self.sipHistory)
        }
        #expect(throws: SIPError.self) {
            try SIPCalculator.simulate(SIPPlan(amount: 0, day: 1, from: d("2024-01-01")), on: Self.sipHistory)
        }
    }

    // MARK: Rolling

    @Test("rolling 1Y CAGRs over every start date with a full window")
    func rolling() throws {
        let history = TestData.history([
            ("2020-01-01", "100"), ("2020-07-01", "110"), ("2021-01-01", "120"), ("2021-07-01", "121"),
            ("2022-01-01", "150"),
        ])
        let observations = RollingReturns.observations(history.series, window: .oneYear)
        #expect(observations.map(\.from.iso8601) == ["2020-01-01", "2020-07-01", "2021-01-01"])
        #expect(observations.map(\.to.iso8601) == ["2021-01-01", "2021-07-01", "2022-01-01"])
        #expect(close(observations[0].cagr, 0.19940237326909394))  // 1.2^(365/366) − 1, 2020 is a leap year
        #expect(close(observations[1].cagr, 0.1))
        #expect(close(observations[2].cagr, 0.25))
        let summary = try #require(RollingReturns.summary(history.series, window: .oneYear))
        #expect(summary.count == 3)
        #expect(close(summary.mean, (0.19940237326909394 + 0.1 + 0.25) / 3))
        #expect(close(summary.median, 0.19940237326909394))
        #expect(summary.minimum.from.iso8601 == "2020-07-01")
        #expect(summary.maximum.from.iso8601 == "2021-01-01")
        #expect(summary.negativeShare == 0)
        #expect(summary.buckets.map(\.count) == [0, 0, 0, 1, 1, 1])
        #expect(RollingReturns.summary(history.series, window: .threeYears) == nil)
    }

    @Test("rolling: a gap uses the latest NAV on or before start + window; negatives are counted")
    func rollingGaps() throws {
        let history = TestData.history([
            ("2020-01-01", "100"), ("2020-12-28", "90"), ("2021-01-05", "95"), ("2021-06-01", "80"),
        ])
        let observations = RollingReturns.observations(history.series, window: .oneYear)
        #expect(observations.count == 1)
        #expect(observations[0].to.iso8601 == "2020-12-28")
        #expect(close(observations[0].cagr, pow(0.9, 365.0 / 362) - 1))
        let summary = try #require(RollingReturns.summary(of: observations, window: .oneYear))
        #expect(summary.negativeShare == 1)
        #expect(summary.buckets[0].count == 1)
        #expect(summary.median == summary.mean)
    }
}
