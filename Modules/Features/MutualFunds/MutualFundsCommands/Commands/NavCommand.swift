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
            error. Without --on, the latest NAV.

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
        var stale: Bool
        var asOf: Date

        static let columns = ["code", "name", "requestedDate", "date", "nav", "exact", "stale", "asOf"]
    }

    func run(in context: FeatureContext) async throws {
        let requestedDate = try on?.date(for: "--on")
        let services = FundsServices(context: context)
        let cached: Fetched<NAVHistory>
        do {
            cached = try await services.history(code: code.value, refresh: cache.refresh)
        } catch let error as FolioError where error.kind == .unavailable && requestedDate == nil {
            // The latest NAV is also in AMFI's daily file: one request that works when the MF API does not.
            guard let amfi = try? await services.service().amfiNAV(code: code.value, mode: services.mode(refresh: cache.refresh))
            else { throw error }
            try emitFromAMFI(amfi, because: error, context: context)
            return
        }
        services.warnIfStale(cached, what: "NAV history of \(code.value)")
        let history = cached.value
        guard let latest = history.latest, let first = history.points.first else {
            throw FolioError(.dataError, "scheme \(code.value) has no NAVs")
        }
        let point: NAVPoint
        if let requested = requestedDate {
            guard let found = history.point(onOrBefore: requested) else {
                throw FolioError(
                    .refused, "no NAV of \(code.value) on or before \(requested.iso8601)",
                    why: "its history starts on \(first.date.iso8601)",
                    hint: "use --on \(first.date.iso8601) or later")
            }
            point = found
        } else {
            point = latest
        }
        let row = Row(
            code: history.code, name: history.name, requestedDate: requestedDate?.iso8601, date: point.date.iso8601,
            nav: point.nav, exact: requestedDate.map { $0 == point.date } ?? true, stale: cached.isStale, asOf: cached.asOf)
        switch formatting.format {
        case .json:
            try formatting.emit(try JSONOutput.string(row), to: context.terminal)
        case .csv:
            try formatting.emit(try CSVOutput.rows([row], columns: Row.columns), to: context.terminal)
        case .table:
            var text = "\(context.style.bold(FundsFormat.nav(point.nav))) on \(point.date.iso8601)"
            if let requested = requestedDate, requested != point.date {
                text += " — no NAV on \(requested.iso8601) (\(Self.weekdayName(requested)))"
                text += requested > latest.date ? "; this is the latest NAV" : "; this is the nearest earlier NAV"
            }
            text += "\n\(history.name) (\(history.code))\n"
            text += context.style.dim(
                "Data as of \(FundsFormat.asOf(cached.asOf, now: context.timing.now()))\(cached.isStale ? ", stale" : "")."
            )
            try formatting.emit(text, to: context.terminal)
        }
    }

    /// The latest NAV from AMFI's file, marked as such, when the MF API failed.
    func emitFromAMFI(_ amfi: Fetched<AMFINAV>, because error: FolioError, context: FeatureContext) throws {
        context.terminal.warn("latest NAV from AMFI: \(error.line)")
        let entry = amfi.value
        let row = Row(
            code: entry.code, name: entry.name, requestedDate: nil, date: entry.date.iso8601, nav: entry.nav, exact: true,
            stale: amfi.isStale, asOf: amfi.asOf)
        switch formatting.format {
        case .json: try formatting.emit(try JSONOutput.string(row), to: context.terminal)
        case .csv: try formatting.emit(try CSVOutput.rows([row], columns: Row.columns), to: context.terminal)
        case .table:
            try formatting.emit(
                "\(context.style.bold(FundsFormat.nav(entry.nav))) on \(entry.date.iso8601) (latest NAV from AMFI)\n"
                    + "\(entry.name) (\(entry.code))\n"
                    + context.style.dim("Data as of \(FundsFormat.asOf(amfi.asOf, now: context.timing.now())).") ,
                to: context.terminal)
        }
    }

    static func weekdayName(_ date: CalendarDate) -> String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][date.weekday - 1]
    }
}
