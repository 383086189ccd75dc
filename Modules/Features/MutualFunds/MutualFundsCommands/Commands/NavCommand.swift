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

    struct Row: Encodable {
        var code: Int
        var name: String
        @NullEncodable var requestedDate: String?
        var date: String
        var nav: Amount
        var exact: Bool
        var source: NAVSource
        var stale: Bool
        var asOf: Date

        static let columns = ["code", "name", "requestedDate", "date", "nav", "exact", "source", "stale", "asOf"]
    }

    func run(in context: FeatureContext) async throws {
        let requestedDate = try on?.date(for: "--on")
        let services = FundsServices(context: context)
        guard let requested = requestedDate else {
            // The latest NAV: from the MF API, or from AMFI's daily file when the MF API is unavailable.
            let latest = try await services.service().latestNAV(
                code: code.value, mode: services.mode(refresh: cache.refresh))
            if let failure = latest.mfapiFailure { context.terminal.warn("latest NAV from AMFI: \(failure)") }
            services.warnIfStale(
                latest.freshness, what: latest.source == .amfi ? "AMFI's NAV file" : "NAV history of \(code.value)")
            let row = Row(
                code: latest.code, name: latest.name, requestedDate: nil, date: latest.date.iso8601, nav: latest.nav,
                exact: true, source: latest.source, stale: latest.freshness.stale, asOf: latest.freshness.asOf)
            let note = latest.source == .amfi ? " (latest NAV from AMFI)" : ""
            let text = "\(context.style.bold(FundsFormat.nav(latest.nav))) on \(row.date)\(note)"
            return try emit(row, text: text, context: context)
        }
        let cached = try await services.history(code: code.value, refresh: cache.refresh)
        services.warnIfStale(cached, what: "NAV history of \(code.value)")
        let history = cached.value
        guard let latest = history.latest, let first = history.points.first else {
            throw FolioError(.dataError, "scheme \(code.value) has no NAVs")
        }
        guard let point = history.point(onOrBefore: requested) else {
            throw FolioError(
                .refused, "no NAV of \(code.value) on or before \(requested.iso8601)",
                why: "its history starts on \(first.date.iso8601)",
                hint: "use --on \(first.date.iso8601) or later")
        }
        let row = Row(
            code: history.code, name: history.name, requestedDate: requested.iso8601, date: point.date.iso8601,
            nav: point.nav, exact: requested == point.date, source: .mfapi, stale: cached.isStale, asOf: cached.asOf)
        var text = "\(context.style.bold(FundsFormat.nav(point.nav))) on \(point.date.iso8601)"
        if requested != point.date {
            text += " — no NAV on \(requested.iso8601) (\(Self.weekdayName(requested)))"
            text += requested > latest.date ? "; this is the latest NAV" : "; this is the nearest earlier NAV"
        }
        try emit(row, text: text, context: context)
    }

    /// Prints `row` in the chosen format; `text` is the table form's first line.
    private func emit(_ row: Row, text: String, context: FeatureContext) throws {
        switch formatting.format {
        case .json:
            try formatting.emit(try JSONOutput.string(row), to: context.terminal)
        case .csv:
            try formatting.emit(try CSVOutput.rows([row], columns: Row.columns), to: context.terminal)
        case .table:
            let stamp = "Data as of \(FundsFormat.asOf(row.asOf, now: context.timing.now()))\(row.stale ? ", stale" : "")."
            try formatting.emit(
                text + "\n\(row.name) (\(row.code))\n" + context.style.dim(stamp), to: context.terminal)
        }
    }

    static func weekdayName(_ date: CalendarDate) -> String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][date.weekday - 1]
    }
}
