import ArgumentParser
import Caching
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Money
import MutualFunds
import Networking
import Persistence
import Timing

/// `folio funds nav`: the NAV on a date, or the nearest earlier one.
struct NavCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "nav",
        abstract: "The NAV on a date (or the nearest earlier NAV), always with the date actually used.",
        discussion: """
            NAVs are published on business days (and a few weekend dates such as 31 March). For a date without \
            a NAV the latest NAV before it is used and its date is shown; a date before the first NAV is an \
            error. Without --on, the latest NAV; when the MF API is unavailable and nothing of the scheme is \
            cached, the latest NAV comes from AMFI's daily file instead, marked "latest NAV from AMFI" (JSON and \
            CSV: source "amfi").

            Examples:
              folio funds nav 122639
              folio funds nav 122639 --on 2024-03-30 --format json
            """
    )

    @Argument(help: "The scheme code, e.g. 122639.")
    var code: SchemeCode

    @Option(help: ArgumentHelp("The date (YYYY-MM-DD); default the latest NAV.", valueName: "date"))
    var on: ISODate?

    @OptionGroup var cache: CacheOptions
    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        let requested = try on?.date(for: "--on")
        let services = FundsServices(context: context)
        let row = try await services.service().nav(
            code: code.value, on: requested, mode: services.mode(refresh: cache.refresh))
        if let failure = row.mfapiFailure { context.terminal.warn("latest NAV from AMFI: \(failure)") }
        services.warnIfStale(
            row.freshness, what: row.source == .amfi ? "AMFI's NAV file" : "NAV history of \(code.value)")
        var text = "\(context.style.bold(FundsFormat.nav(row.nav))) on \(row.date)"
        if row.source == .amfi { text += " (latest NAV from AMFI)" }
        if let requested, !row.exact {
            text += " — no NAV on \(requested.iso8601) (\(Self.weekdayName(requested)))"
            text +=
                row.latestDate.map { requested > $0 } == true
                ? "; this is the latest NAV" : "; this is the nearest earlier NAV"
        }
        try emit(row, text: text, context: context)
    }

    /// Prints `row` in the chosen format; `text` is the table form's first line.
    private func emit(_ row: NAVOnDateReport, text: String, context: FeatureContext) throws {
        try formatting.render(
            row, to: context.terminal, csv: { try CSVOutput.rows([row], columns: NAVOnDateReport.columns) }
        ) {
            let stamp =
                "Data as of \(FundsFormat.asOf(row.asOf, now: context.timing.now()))\(row.stale ? ", stale" : "")."
            return text + "\n\(row.name) (\(row.code))\n" + context.style.dim(stamp)
        }
    }

    static func weekdayName(_ date: CalendarDate) -> String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][date.weekday - 1]
    }
}
