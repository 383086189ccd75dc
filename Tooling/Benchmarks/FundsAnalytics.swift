import Foundation
import Money
import MutualFunds
import Timing

/// `folio-benchmarks funds-analytics`: every funds analytic on a synthetic 5,000-point history, in-process,
/// for `Tooling/bench/funds.sh` (what `folio funds bench-analytics` measured before it left the product).
enum FundsAnalyticsBenchmark {
    static func run() {
        let points = 5000
        let iterations = 500
        let history = syntheticHistory(points: points)
        let clock = ContinuousClock()
        var checksum = 0.0
        var samples: [Duration] = []
        samples.reserveCapacity(iterations)
        for _ in 0..<iterations {
            let start = clock.now
            checksum += allAnalytics(history)
            samples.append(start.duration(to: clock.now))
        }
        samples.sort()
        let microseconds = { (duration: Duration) in
            Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
        }
        print(
            String(
                format: "analytics points=%d iterations=%d median_us=%.1f min_us=%.1f checksum=%.6f", points,
                iterations, microseconds(samples[samples.count / 2]), microseconds(samples[0]), checksum))
    }

    /// Runs every analytic once: the show report for every range, rolling returns for every window, a monthly
    /// SIP over the whole history with its XIRR. Returns a number that depends on all of them.
    static func allAnalytics(_ history: NAVHistory) -> Double {
        var total = 0.0
        for range in HistoryRange.allCases {
            guard let report = FundReport(history: history, range: range, riskFreeRate: 0.065) else { continue }
            total +=
                report.returns.values.reduce(0) { $0 + $1.absolute } + (report.volatility ?? 0)
                + (report.maxDrawdown?.value ?? 0) + (report.sharpe ?? 0)
        }
        for window in RollingWindow.allCases {
            total += RollingReturns.summary(history.series, window: window)?.mean ?? 0
        }
        if let first = history.points.first,
            let sip = try? SIPCalculator.simulate(
                SIPPlan(amount: 5000, day: first.date.day, from: first.date), on: history)
        {
            total += sip.xirr ?? 0
        }
        return total
    }

    /// A deterministic random walk (a linear congruential generator, so every run measures the same data) on
    /// business days, NAVs rounded to 5 decimals like the API's.
    static func syntheticHistory(points: Int) -> NAVHistory {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var nav = 10.0
        var date = CalendarDate(year: 2006, month: 1, day: 2)!
        var result: [NAVPoint] = []
        result.reserveCapacity(points)
        while result.count < points {
            if date.weekday <= 5 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let unit = Double(state >> 11) / Double(1 << 53)
                nav *= 1 + 0.0005 + (unit - 0.5) * 0.03
                result.append(NAVPoint(date: date, nav: Amount(nav, places: 5)!))
            }
            date = date.adding(days: 1)
        }
        return NAVHistory(
            code: 1, meta: SchemeMeta(code: 1, name: "Synthetic Flexi Cap Fund - Direct Plan - Growth"),
            points: result)
    }
}
