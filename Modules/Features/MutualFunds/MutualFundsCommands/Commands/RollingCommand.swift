import ArgumentParser
import Caching
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import MutualFunds
import Networking
import Persistence
import Timing

/// `folio funds rolling`: rolling CAGRs over every start date with a full window.
struct RollingCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "rolling",
        abstract: "Rolling returns: the CAGR over every full window, with its distribution.",
        discussion: """
            For every NAV date d with d + window on or before the latest NAV date, the CAGR from the NAV at d to \
            the latest NAV on or before d + window: (end / start)^(365 / days) − 1, days being the calendar days \
            between the two NAV dates. Reported: how many windows, mean, median, minimum and maximum (with their \
            dates), the share below zero, and the distribution in buckets < 0, 0–5, 5–10, 10–15, 15–20 and 20 % \
            or more (each bucket includes its lower bound).

            A window counts only when the history covers it: its end NAV at most 7 days (1Y) or 5 % of the \
            window (3Y: 54 days, 5Y: 91) before the window's end, and no hole inside it (two consecutive NAVs more \
            than 10 times the scheme's usual spacing apart, at least 7 days). Windows left out are counted on \
            stderr with the first reason; when none is left the command says why.

            Examples:
              folio funds rolling 122639 --window 3Y
              folio funds rolling 122639 --window 1Y --format json
            """
    )

    @Argument(help: "The scheme code, e.g. 122639.")
    var code: SchemeCode

    @Option(name: .customLong("window"), help: "The window.")
    var windowChoice = Choice(RollingWindow.threeYears)

    var window: RollingWindow { windowChoice.value }

    @OptionGroup var cache: CacheOptions
    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        let services = FundsServices(context: context)
        let (report, study) = try await services.service().rolling(
            code: code.value, window: window, mode: services.mode(refresh: cache.refresh))
        services.warnIfStale(report.freshness, what: "NAV history of \(code.value)")
        if study.skipped > 0, let shortfall = study.firstShortfall {
            context.terminal.warn(
                "\(study.skipped) \(window.rawValue) window\(study.skipped == 1 ? "" : "s") left out: \(shortfall)")
        }
        try formatting.render(
            report, to: context.terminal,
            csv: { try CSVOutput.rows(report.buckets, columns: ["label", "lower", "upper", "count", "share"]) },
            table: { text(report, context: context) })
    }

    private func text(_ report: RollingReport, context: FeatureContext) -> String {
        let style = context.style
        func range(_ extreme: RollingReport.Extreme) -> String { "\(extreme.fromDate) → \(extreme.toDate)" }
        var lines = [
            style.bold("\(window.rawValue) rolling returns (CAGR)") + " — \(report.name) (\(report.code))",
            "\(report.count) windows starting \(report.firstStart) to \(report.lastStart)",
            "",
        ]
        let rows: [(String, String)] = [
            ("Mean", FundsFormat.percent(report.mean)),
            ("Median", FundsFormat.percent(report.median)),
            ("Minimum", "\(FundsFormat.percent(report.min.cagr))  \(range(report.min))"),
            ("Maximum", "\(FundsFormat.percent(report.max.cagr))  \(range(report.max))"),
            ("Negative", NumberFormat.percent(report.negativeShare, signed: false) + " of windows"),
        ]
        for (label, value) in rows { lines.append(TextWidth.pad(label, to: 10, alignRight: false) + value) }
        lines.append("")
        let table = TextTable(
            columns: [.text("CAGR"), .number("WINDOWS"), .number("SHARE"), .text("")],
            rows: report.buckets.map { bucket in
                let bar = String(repeating: "█", count: Int((bucket.share * 40).rounded()))
                return [
                    TextTable.Cell(bucket.label), TextTable.Cell(String(bucket.count)),
                    TextTable.Cell(NumberFormat.percent(bucket.share, signed: false)),
                    TextTable.Cell(bar, color: .cyan),
                ]
            })
        lines.append(table.render(style: style, maxWidth: formatting.tableWidth(on: context.terminal)))
        lines.append(
            style.dim(
                "Data as of \(FundsFormat.asOf(report.asOf, now: context.timing.now()))\(report.stale ? ", stale" : "")."
            ))
        return lines.joined(separator: "\n") + "\n"
    }
}
