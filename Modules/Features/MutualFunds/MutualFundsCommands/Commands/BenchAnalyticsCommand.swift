import ArgumentParser
import FeatureKit
import Foundation
import MutualFunds
import Networking
import Persistence
import Timing

/// `folio funds bench-analytics` (hidden): times every analytic on a synthetic history in-process, for the
/// benchmark script (`Tooling/bench/funds.sh`), without the cost of starting a process per measurement.
struct BenchAnalyticsCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-analytics",
        abstract: "Time all analytics on a synthetic NAV history (diagnostic).",
        discussion: """
            Builds a deterministic random-walk history of --points business-day NAVs, then times, --iterations \
            times: the show report (daily change, 9 returns, volatility, drawdown, Sharpe) for every range, \
            rolling returns for 1Y, 3Y and 5Y, and a monthly SIP over the whole history with its XIRR. \
            Prints the median and minimum time per iteration in microseconds.

            Examples:
              folio funds bench-analytics
              folio funds bench-analytics --points 5000 --iterations 500
            """,
        shouldDisplay: false
    )

    @Option(help: "NAV points in the synthetic history.")
    var points = 5000

    @Option(help: "Timed iterations.")
    var iterations = 200

    func validate() throws {
        guard (300...100_000).contains(points) else { throw ValidationError("--points must be 300 to 100000.") }
        guard (1...100_000).contains(iterations) else { throw ValidationError("--iterations must be 1 to 100000.") }
    }

    func run(in context: FeatureContext) async throws {
        let history = Self.syntheticHistory(points: points)
        var checksum = 0.0
        var samples: [Duration] = []
        samples.reserveCapacity(iterations)
        for _ in 0..<iterations {
            samples.append(measure(on: context.timing.clock) { checksum += Self.allAnalytics(history) })
        }
        samples.sort()
        let median = samples[samples.count / 2]
        let microseconds = { (duration: Duration) in
            Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
        }
        context.terminal.print(
            String(
                format: "analytics points=%d iterations=%d median_us=%.1f min_us=%.1f checksum=%.6f", points,
                iterations, microseconds(median), microseconds(samples[0]), checksum))
    }

    /// Runs every analytic once; returns a number that depends on all of them, so none is optimised away.
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

    /// A deterministic random walk (a linear congruential generator, so every run measures the same data)
    /// on business days, NAVs rounded to 5 decimals like the API's.
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
                let rounded = (nav * 100_000).rounded() / 100_000
                result.append(NAVPoint(date: date, nav: Decimal(string: String(format: "%.5f", rounded))!))
            }
            date = date.adding(days: 1)
        }
        return NAVHistory(
            code: 1, meta: SchemeMeta(code: 1, name: "Synthetic Flexi Cap Fund - Direct Plan - Growth"),
            points: result)
    }
}

/// The time `work` takes on `clock`.
private func measure<C: Clock>(on clock: C, _ work: () -> Void) -> Duration where C.Duration == Duration {
    let start = clock.now
    work()
    return start.duration(to: clock.now)
}
