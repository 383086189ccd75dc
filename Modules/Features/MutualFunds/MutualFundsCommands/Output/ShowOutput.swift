import ArgumentParser
import Caching
import FeatureKit
import Foundation
import Money
import MutualFunds
import Networking
import Persistence
import Timing

/// `show` for people.
struct ShowText {
    var history: NAVHistory
    var report: FundReport
    var ageDays: Int
    var freshness: Freshness
    var series: ChartSeries
    var context: FeatureContext
    /// How wide the returns table may be.
    var width: Int

    func render() -> String {
        let style = context.style
        let profile = FundsFormat.profile(history)
        var lines: [String] = []
        lines.append(style.bold(history.name) + "  (\(history.code))")
        let facts = [
            profile.fundHouse, history.meta.schemeCategory, profile.assetClass?.rawValue, profile.plan?.rawValue,
            profile.option?.rawValue,
        ].compactMap { $0 }
        if !facts.isEmpty { lines.append(facts.joined(separator: " · ")) }
        lines.append(
            "ISIN growth \(history.meta.isinGrowth ?? "—") · ISIN IDCW reinvestment \(history.meta.isinDivReinvestment ?? "—")"
        )
        lines.append("")
        let ageText = ageDays == 0 ? "today" : "\(FundsFormat.age(days: ageDays)) old"
        var navLine =
            "NAV \(style.bold(FundsFormat.nav(report.latest.nav))) on \(report.latest.date.iso8601) (\(ageText))"
        if let change = report.dailyChange, let percent = report.dailyChangePercent, let previous = report.previous {
            let sign = change.signum
            let amount = Rupees.format(change, places: 4, sign: .always)
            navLine +=
                "   daily change "
                + style.trend("\(amount) (\(FundsFormat.percent(percent)))", sign: sign)
                + " since \(previous.date.iso8601)"
        }
        lines.append(navLine)
        lines.append("")
        lines.append(returnsTable())
        lines.append(riskLine())
        lines.append(contentsOf: Self.reasons(report).map { style.dim($0) })
        lines.append("")
        let width = max(20, min(80, context.terminal.width - 14))
        var pointsNote = "\(series.points.count) points"
        if let shortfall = report.rangeSpan.shortfall {
            pointsNote += ", only those inside the range: \(shortfall)"
        }
        lines.append(style.bold("NAV, \(report.range.rawValue)") + " (\(pointsNote))")
        lines.append(
            DateAxis.chart(
                series: [series], height: 12, width: width, style: style, yLabel: { Rupees.axisLabel($0) }))
        let stamp =
            "Data as of \(FundsFormat.asOf(freshness.asOf, now: context.timing.now()))"
            + (freshness.stale ? ", stale" : freshness.fromCache ? ", cached" : "") + "."
        lines.append(style.dim(stamp))
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line per reason: `n/a 1W, 1M, volatility: the history has no NAV between … and …`.
    static func reasons(_ report: FundReport) -> [String] {
        let names =
            ReturnPeriod.allCases.map { ($0.rawValue, $0.rawValue) }
            + [("volatility", "volatility"), ("maxDrawdown", "max drawdown"), ("sharpe", "Sharpe")]
        var order: [String] = []
        var figures: [String: [String]] = [:]
        for (key, name) in names {
            guard let reason = report.unavailable[key]?.description else { continue }
            if figures[reason] == nil { order.append(reason) }
            figures[reason, default: []].append(name)
        }
        return order.map { "n/a \(figures[$0]!.joined(separator: ", ")): \($0)" }
    }

    private func returnsTable() -> String {
        let rows: [[TextTable.Cell]] = ReturnPeriod.allCases.map { period in
            guard let value = report.returns[period] else {
                return [TextTable.Cell(period.rawValue), "n/a", "n/a", "", ""]
            }
            return [
                TextTable.Cell(period.rawValue), FundsFormat.trendCell(value.absolute),
                value.annualized.map { FundsFormat.trendCell($0) } ?? TextTable.Cell("—"),
                TextTable.Cell(value.fromDate.iso8601), TextTable.Cell(value.toDate.iso8601),
            ]
        }
        return TextTable(
            columns: [.text("PERIOD"), .number("RETURN"), .number("CAGR"), .text("FROM"), .text("TO")], rows: rows
        ).render(style: context.style, maxWidth: width)
    }

    private func riskLine() -> String {
        var drawdown = "n/a"
        if let value = report.maxDrawdown {
            drawdown = FundsFormat.percent(value.value)
            if let peak = value.peakDate, let trough = value.troughDate {
                drawdown += " (\(peak.iso8601) → \(trough.iso8601))"
            }
        }
        let rate = NumberFormat.percent(report.riskFreeRate, signed: false)
        return "Volatility (1Y) \(FundsFormat.percent(report.volatility).replacingOccurrences(of: "+", with: ""))"
            + " · max drawdown (\(report.range.rawValue)) \(drawdown)"
            + " · Sharpe (1Y, risk-free \(rate)) \(FundsFormat.ratio(report.sharpe))"
    }
}
