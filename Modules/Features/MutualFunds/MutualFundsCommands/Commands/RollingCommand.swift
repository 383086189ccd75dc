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

    struct Extreme: Encodable {
        var cagr: Double
        var fromDate: String
        var toDate: String
    }

    struct Summary: Encodable {
        var code: Int
        var name: String
        var window: String
        var count: Int
        var firstStart: String
        var lastStart: String
        var mean: Double
        var median: Double
        var min: Extreme
        var max: Extreme
        var negativeShare: Double
        var buckets: [RollingBucket]
        var stale: Bool
        var asOf: Date
    }

    func run(in context: FeatureContext) async throws {
        let services = FundsServices(context: context)
        let cached = try await services.history(code: code.value, refresh: cache.refresh)
        services.warnIfStale(cached, what: "NAV history of \(code.value)")
        let history = cached.value
        let study = RollingReturns.study(history.series, window: window)
        let observations = study.observations
        guard let summary = RollingReturns.summary(of: observations, window: window) else {
            let span = "\(history.points.first?.date.iso8601 ?? "?") to \(history.latest?.date.iso8601 ?? "?")"
            if study.skipped > 0, let shortfall = study.firstShortfall {
                throw FolioError(
                    .refused, "no \(window.rawValue) rolling returns for \(code.value)",
                    why: "none of its \(study.skipped) windows is covered: \(shortfall)")
            }
            throw FolioError(
                .refused, "no \(window.rawValue) rolling returns for \(code.value)",
                why: "its history (\(span)) is shorter than \(window.years) year\(window.years == 1 ? "" : "s")",
                hint: window == .oneYear ? nil : "try a shorter --window")
        }
        if study.skipped > 0, let shortfall = study.firstShortfall {
            context.terminal.warn(
                "\(study.skipped) \(window.rawValue) window\(study.skipped == 1 ? "" : "s") left out: \(shortfall)")
        }
        switch formatting.format {
        case .json:
            let json = Summary(
                code: history.code, name: history.name, window: window.rawValue, count: summary.count,
                firstStart: observations.first!.from.iso8601, lastStart: observations.last!.from.iso8601,
                mean: summary.mean, median: summary.median,
                min: Extreme(
                    cagr: summary.minimum.cagr, fromDate: summary.minimum.from.iso8601,
                    toDate: summary.minimum.to.iso8601),
                max: Extreme(
                    cagr: summary.maximum.cagr, fromDate: summary.maximum.from.iso8601,
                    toDate: summary.maximum.to.iso8601),
                negativeShare: summary.negativeShare, buckets: summary.buckets, stale: cached.isStale,
                asOf: cached.asOf)
            try formatting.emit(try JSONOutput.string(json), to: context.terminal)
        case .csv:
            try formatting.emit(
                try CSVOutput.rows(summary.buckets, columns: ["label", "lower", "upper", "count", "share"]),
                to: context.terminal)
        case .table:
            try formatting.emit(
                text(summary, observations: observations, history: history, cached: cached, context: context),
                to: context.terminal)
        }
    }

    private func text(
        _ summary: RollingSummary, observations: [RollingObservation], history: NAVHistory,
        cached: Fetched<NAVHistory>, context: FeatureContext
    ) -> String {
        let style = context.style
        func range(_ observation: RollingObservation) -> String {
            "\(observation.from.iso8601) → \(observation.to.iso8601)"
        }
        var lines = [
            style.bold("\(window.rawValue) rolling returns (CAGR)") + " — \(history.name) (\(history.code))",
            "\(summary.count) windows starting \(observations.first!.from.iso8601) to \(observations.last!.from.iso8601)",
            "",
        ]
        let rows: [(String, String)] = [
            ("Mean", FundsFormat.percent(summary.mean)),
            ("Median", FundsFormat.percent(summary.median)),
            ("Minimum", "\(FundsFormat.percent(summary.minimum.cagr))  \(range(summary.minimum))"),
            ("Maximum", "\(FundsFormat.percent(summary.maximum.cagr))  \(range(summary.maximum))"),
            ("Negative", NumberFormat.percent(summary.negativeShare, signed: false) + " of windows"),
        ]
        for (label, value) in rows { lines.append(TextWidth.pad(label, to: 10, alignRight: false) + value) }
        lines.append("")
        let table = TextTable(
            columns: [.text("CAGR"), .number("WINDOWS"), .number("SHARE"), .text("")],
            rows: summary.buckets.map { bucket in
                let bar = String(repeating: "█", count: Int((bucket.share * 40).rounded()))
                return [
                    TextTable.Cell(bucket.label), TextTable.Cell(String(bucket.count)),
                    TextTable.Cell(NumberFormat.percent(bucket.share, signed: false)),
                    TextTable.Cell(bar, color: .cyan),
                ]
            })
        lines.append(table.render(style: style, maxWidth: context.terminal.width))
        lines.append(
            style.dim(
                "Data as of \(FundsFormat.asOf(cached.asOf, now: context.timing.now()))\(cached.isStale ? ", stale" : "")."
            ))
        return lines.joined(separator: "\n") + "\n"
    }
}
