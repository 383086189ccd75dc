import Foundation
import NetworkingTesting
import Testing
import Timing

@testable import MutualFunds

/// The gapped history: `scheme_122639_history_full_3266pts.json` with only its three newest and three oldest NAVs
/// kept (2026-09-02…04 and 2013-05-28…30), as recorders trim real payloads. Made by
/// `data = data[:3] + data[-3:]` on the recorded file (newest first, meta and status unchanged), saved as
/// `Tests/Fixtures/mfapi-derived/derived_122639_gapped_first3_last3_NOT_raw_response.json` (a folder of its own:
/// `mfapi/` holds the recorded answers, copied unedited).
enum GappedFixture {
    static let path = "mfapi-derived/derived_122639_gapped_first3_last3_NOT_raw_response.json"
    static let gap = "the history has no NAV between 2013-05-30 and 2026-09-02"
}

@Suite("Coverage: a period's start NAV within a tolerance, windows without holes")
struct CoverageTests {
    @Test("a gapped history: every period but SI, volatility, drawdown and Sharpe are n/a with the gap as reason")
    func gappedReport() throws {
        let body = try MFAPIDecoding.historyBody(from: Fixtures.data(GappedFixture.path))
        let history = NAVHistory(code: 122639, meta: body.meta, points: body.points, skippedRows: body.skippedRows)
        #expect(history.series.count == 6)
        let report = try #require(FundReport(history: history, range: .oneYear))
        for period in ReturnPeriod.allCases where period != .sinceInception {
            #expect(report.returns[period] == nil, "\(period)")
            #expect(report.unavailable[period.rawValue]?.description == GappedFixture.gap, "\(period)")
        }
        let inception = try #require(report.returns[.sinceInception])
        #expect(inception.fromDate.iso8601 == "2013-05-28")
        #expect(report.volatility == nil)
        #expect(report.unavailable["volatility"]?.description == GappedFixture.gap)
        #expect(report.maxDrawdown == nil)
        #expect(report.unavailable["maxDrawdown"]?.description == GappedFixture.gap)
        #expect(report.sharpe == nil)
        #expect(report.unavailable["sharpe"] != nil)
        // The chart of the 1Y range: only the three NAVs dated inside it.
        #expect(report.rangeSpan.start == 3)
        #expect(report.rangeSpan.end == 5)
        #expect(report.rangeSpan.shortfall?.description == GappedFixture.gap)
        // MAX covers every NAV, but the hole still rules out the drawdown.
        let max = try #require(FundReport(history: history, range: .max))
        #expect(max.rangeSpan.start == 0)
        #expect(max.maxDrawdown == nil)
        #expect(RollingReturns.observations(history.series, window: .oneYear).isEmpty)
        let study = RollingReturns.study(history.series, window: .oneYear)
        #expect(study.skipped == 3)
        #expect(study.firstShortfall?.description == GappedFixture.gap)
    }

    @Test("the full history is covered everywhere: nothing is n/a")
    func fullHistoryCovered() throws {
        let history = try TestData.fixtureHistory("scheme_122639_history_full_3266pts.json", code: 122639)
        for range in HistoryRange.allCases {
            let report = try #require(FundReport(history: history, range: range))
            #expect(report.unavailable.isEmpty, "\(range): \(report.unavailable)")
            #expect(report.rangeSpan.shortfall == nil)
        }
        #expect(Coverage(history.series).holeLimit == 10)
    }

    @Test("start tolerance: 7 days up to a year, 5 % of the period beyond")
    func tolerance() throws {
        #expect(Coverage.tolerance(periodDays: 7) == 7)
        #expect(Coverage.tolerance(periodDays: 366) == 7)
        #expect(Coverage.tolerance(periodDays: 1096) == 54)
        #expect(Coverage.tolerance(periodDays: 1826) == 91)
        #expect(Coverage.tolerance(periodDays: 3653) == 182)
        // 1Y start 2024-01-02: a start NAV 7 days earlier is accepted, 8 days is not.
        let seven = TestData.history([("2023-12-26", "100"), ("2024-06-03", "105"), ("2025-01-02", "110")])
        #expect(Returns.pointToPoint(seven.series, period: .oneYear)?.fromDate.iso8601 == "2023-12-26")
        let eight = TestData.history([("2023-12-25", "100"), ("2024-06-03", "105"), ("2025-01-02", "110")])
        #expect(Returns.pointToPoint(eight.series, period: .oneYear) == nil)
        #expect(
            Returns.covered(eight.series, period: .oneYear)
                == .failure(.gap(from: TestData.date("2023-12-25"), to: TestData.date("2024-06-03"))))
        // 3Y start 2022-01-02 (1096 days): 54 days before is accepted, 55 is not.
        let within = TestData.history([("2021-11-09", "100"), ("2025-01-02", "130")])
        #expect(Returns.pointToPoint(within.series, period: .threeYears) != nil)
        let beyond = TestData.history([("2021-11-08", "100"), ("2025-01-02", "130")])
        #expect(Returns.pointToPoint(beyond.series, period: .threeYears) == nil)
        // Before the first NAV: the history's start is the reason.
        #expect(
            Returns.covered(within.series, period: .fiveYears)
                == .failure(.beforeHistory(firstNAV: TestData.date("2021-11-09"))))
    }

    /// Business-day NAVs from 2024-01-01 to 2025-01-01, leaving out `hole` (inclusive).
    static func daily(hole: ClosedRange<String>? = nil) -> NAVHistory {
        var points: [(String, String)] = []
        var date = TestData.date("2024-01-01")
        var nav = 100.0
        while date <= TestData.date("2025-01-01") {
            nav *= date.day % 2 == 0 ? 1.004 : 0.997
            let skip = hole.map { TestData.date($0.lowerBound) <= date && date <= TestData.date($0.upperBound) }
            if date.weekday <= 5, skip != true { points.append((date.iso8601, String(format: "%.4f", nav))) }
            date = date.adding(days: 1)
        }
        return TestData.history(points)
    }

    @Test("holes: a gap of more than 10 × the usual spacing (at least 7 days) rules out window statistics")
    func holes() throws {
        #expect(Risk.volatility(Self.daily().series) != nil)
        // A week off (Mon 2024-06-10 … Fri 06-14): 10 days between NAVs, still no hole.
        let short = Self.daily(hole: "2024-06-10"..."2024-06-14")
        #expect(Coverage(short.series).holeLimit == 10)
        #expect(Risk.volatility(short.series) != nil)
        // Two weeks off: 17 days between 2024-06-07 and 2024-06-24.
        let long = Self.daily(hole: "2024-06-10"..."2024-06-21")
        let report = try #require(FundReport(history: long))
        #expect(report.volatility == nil)
        #expect(
            report.unavailable["volatility"]
                == .gap(from: TestData.date("2024-06-07"), to: TestData.date("2024-06-24")))
        #expect(report.maxDrawdown == nil)
        #expect(report.returns[.oneYear] != nil, "a hole inside the period does not change a point-to-point return")
        // A scheme publishing monthly has no hole at a month's spacing.
        let monthly = TestData.history(
            (0...12).map { month in (TestData.date("2024-01-02").adding(months: month).iso8601, "\(100 + month)") })
        #expect(Coverage(monthly.series).holeLimit >= 280)
        #expect(Risk.volatility(monthly.series) != nil)
    }

    @Test("the usual spacing is the median gap between NAVs")
    func usualSpacing() {
        #expect(Coverage.usualSpacing([]) == 1)
        #expect(Coverage.usualSpacing([5]) == 1)
        #expect(Coverage.usualSpacing([0, 1, 2, 5000, 5001, 5002]) == 1)
        #expect(Coverage.usualSpacing([0, 215, 365, 457, 580]) == 123)
        #expect(Coverage.usualSpacing([0, 40, 80, 200]) == 40)
    }

    @Test("rolling windows: the end NAV within the tolerance, no hole inside; the others are counted")
    func rollingSkipsUncoveredWindows() throws {
        let history = TestData.history([
            ("2020-01-01", "100"), ("2020-01-02", "101"), ("2020-12-31", "110"), ("2021-01-04", "111"),
            ("2021-06-01", "120"),
        ])
        // Spacing 1, 364, 4, 148 → usual 4 → holes over 40 days: 2020-01-02 → 2020-12-31 is one.
        let study = RollingReturns.study(history.series, window: .oneYear)
        #expect(study.observations.isEmpty)
        #expect(study.skipped == 2)
        #expect(study.firstShortfall == .gap(from: TestData.date("2020-01-02"), to: TestData.date("2020-12-31")))
    }
}
