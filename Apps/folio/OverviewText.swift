import FeatureKit
import Foundation
import Money
import Overview
import Timing

/// `folio overview` as a terminal shows it: the figures in lines, the allocation and movers as short tables.
enum OverviewText {
    static func render(_ report: OverviewReport) -> String {
        let currency = report.currency
        func money(_ value: Amount, _ code: String = currency) -> String { NumberFormat.money(value, currency: code) }
        var lines: [String] = []
        if let now = report.netWorth {
            lines.append(
                "Net worth \(money(now.net)) (assets \(money(now.assets)), debts \(money(now.debts))) as of \(now.asOf.iso8601)"
            )
            for change in report.changes {
                guard let value = change.change, let since = change.since else {
                    lines.append("  \(change.period): nothing recorded by then")
                    continue
                }
                let percent = change.fraction.map { " (\(NumberFormat.percent($0)))" } ?? ""
                lines.append(
                    "  \(change.period): \(NumberFormat.signedMoney(value, currency: currency))\(percent) since \(since.iso8601)"
                )
            }
        } else {
            lines.append("No net worth yet: add accounts with folio networth accounts add, or folio networth sample.")
        }
        if let first = report.trend.points.first, let last = report.trend.points.last {
            lines.append(
                "Trend \(report.trend.range.rawValue): \(money(first.net)) on \(first.date.iso8601) → \(money(last.net)) on \(last.date.iso8601) (\(report.trend.points.count) points)"
            )
        }
        let allocation = report.allocation
        if !allocation.byClass.isEmpty {
            lines.append("")
            lines.append(
                "Allocation of \(money(allocation.total))"
                    + (allocation.outsideNetWorth.isZero
                        ? "" : ", \(money(allocation.outsideNetWorth)) of it outside net worth")
                    + (allocation.liabilities.isZero ? "" : "; liabilities \(money(allocation.liabilities))"))
            lines.append(slices(allocation.byClass))
            lines.append(slices(allocation.byCurrency))
        }
        if !report.movers.isEmpty {
            lines.append("")
            lines.append("Today's movers")
            let table = TextTable(
                columns: [.text("HOLDING", truncatable: true), .number("VALUE"), .number("TODAY"), .number("%")],
                rows: report.movers.map {
                    [
                        .init($0.name), .init(money($0.value, $0.currency)),
                        .init(NumberFormat.signedMoney($0.dayChange, currency: $0.currency)),
                        .init($0.fraction.map { NumberFormat.percent($0) } ?? "—"),
                    ]
                })
            lines.append(table.render(style: Style(colorEnabled: false), maxWidth: 100))
        }
        if !report.alerts.isEmpty {
            lines.append("")
            lines.append("Alerts fired in the last 24 hours")
            lines += report.alerts.map {
                "  #\($0.id) \($0.kind): \($0.condition) at \(ISO8601DateFormatter().string(from: $0.firedAt))"
            }
        }
        if !report.agenda.isEmpty {
            lines.append("")
            lines.append("Coming up")
            lines += report.agenda.map { "  \(ISO8601DateFormatter().string(from: $0.startsAt)) \($0.title)" }
        }
        if !report.suggestions.isEmpty {
            lines.append("")
            lines.append(
                "Not in net worth yet (folio networth accounts add --name NAME --type investment --linked-to SOURCE):")
            lines += report.suggestions.map { "  \($0.source): \(money($0.value, $0.currency))" }
        }
        lines += report.warnings.map { "warning: \($0)" }
        return lines.joined(separator: "\n")
    }

    private static func slices(_ slices: [OverviewReport.Slice]) -> String {
        "  " + slices.map { "\($0.label) \(NumberFormat.percent($0.share, signed: false))" }.joined(separator: " · ")
    }
}
