import Caching
import Failures
import Foundation
import Timing

extension FundsService {
    /// The NAV of `code` on `date` or the nearest earlier one; without a date, the latest NAV (from AMFI's file
    /// when the MF API is unavailable), as `folio funds nav` answers.
    /// - Throws: ``FolioError`` as ``history(code:mode:)``; refused for a date before the first NAV.
    public func nav(code: Int, on date: CalendarDate?, mode: FetchMode = .normal) async throws -> NAVOnDateReport {
        guard let requested = date else {
            let latest = try await latestNAV(code: code, mode: mode)
            return NAVOnDateReport(
                code: latest.code, name: latest.name, requestedDate: nil, date: latest.date.iso8601, nav: latest.nav,
                exact: true, source: latest.source, stale: latest.freshness.stale, asOf: latest.freshness.asOf,
                latestDate: nil, mfapiFailure: latest.mfapiFailure, freshness: latest.freshness)
        }
        let cached = try await history(code: code, mode: mode)
        let history = cached.value
        guard let latest = history.latest, let first = history.points.first else {
            throw FolioError(.dataError, "scheme \(code) has no NAVs")
        }
        guard let point = history.point(onOrBefore: requested) else {
            throw FolioError(
                .refused, "no NAV of \(code) on or before \(requested.iso8601)",
                why: "its history starts on \(first.date.iso8601)",
                hint: "use --on \(first.date.iso8601) or later", field: "on")
        }
        return NAVOnDateReport(
            code: history.code, name: history.name, requestedDate: requested.iso8601, date: point.date.iso8601,
            nav: point.nav, exact: requested == point.date, source: .mfapi, stale: cached.isStale, asOf: cached.asOf,
            latestDate: latest.date, mfapiFailure: nil, freshness: cached.freshness)
    }

    /// The rolling returns of `code` over `window`, with the study behind them (windows left out and why).
    /// - Throws: ``FolioError`` as ``history(code:mode:)``; refused when no window is covered.
    public func rolling(
        code: Int, window: RollingWindow, mode: FetchMode = .normal
    ) async throws
        -> (report: RollingReport, study: RollingStudy)
    {
        let cached = try await history(code: code, mode: mode)
        let history = cached.value
        let study = RollingReturns.study(history.series, window: window)
        guard let summary = RollingReturns.summary(of: study.observations, window: window) else {
            let span = "\(history.points.first?.date.iso8601 ?? "?") to \(history.latest?.date.iso8601 ?? "?")"
            if study.skipped > 0, let shortfall = study.firstShortfall {
                throw FolioError(
                    .refused, "no \(window.rawValue) rolling returns for \(code)",
                    why: "none of its \(study.skipped) windows is covered: \(shortfall)", field: "window")
            }
            throw FolioError(
                .refused, "no \(window.rawValue) rolling returns for \(code)",
                why: "its history (\(span)) is shorter than \(window.years) year\(window.years == 1 ? "" : "s")",
                hint: window == .oneYear ? nil : "try a shorter --window", field: "window")
        }
        let report = RollingReport(
            history: history, summary: summary, observations: study.observations, freshness: cached.freshness)
        return (report, study)
    }
}
