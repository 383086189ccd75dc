import Caching
import Failures
import Foundation
import Timing

extension FundsService {
    /// The latest NAV of `code`: from its MF API history, or, when the MF API is unavailable (and nothing of it
    /// is cached), from AMFI's daily file.
    /// - Throws: ``FolioError`` as ``history(code:mode:)``; unavailable, naming both failures, when AMFI cannot
    ///   stand in either.
    public func latestNAV(code: Int, mode: FetchMode = .normal) async throws -> LatestNAV {
        do {
            let fetched = try await history(code: code, mode: mode)
            guard let latest = fetched.value.latest else { throw FolioError(.dataError, "scheme \(code) has no NAVs") }
            return LatestNAV(
                code: code, name: fetched.value.name, nav: latest.nav, date: latest.date, source: .mfapi,
                freshness: fetched.freshness)
        } catch let failure as FolioError where failure.kind == .unavailable {
            let amfi = try await amfiStandIn(code: code, mode: mode, because: failure)
            return LatestNAV(
                code: code, name: amfi.value.name, nav: amfi.value.nav, date: amfi.value.date, source: .amfi,
                freshness: amfi.freshness, mfapiFailure: failure.line)
        }
    }

    /// ``reportWithHistory(code:range:mode:)`` from AMFI's entry of `code`, the MF API having failed with `failure`.
    func amfiReport(
        code: Int, range: HistoryRange, mode: FetchMode, because failure: FolioError
    ) async throws
        -> (report: FundShowReport, history: NAVHistory, analytics: FundReport, freshness: Freshness)
    {
        let amfi = try await amfiStandIn(code: code, mode: mode, because: failure)
        let history = amfi.value.history
        guard let analytics = FundReport(history: history, range: range, riskFreeRate: settings.riskFreeRate) else {
            throw FolioError(.internal, "AMFI's entry of scheme \(code) has no NAV")
        }
        let report = FundShowReport(
            amfi: amfi.value, analytics: analytics, today: Freshness.todayInIndia(timing.now()),
            freshness: amfi.freshness, mfapiFailure: failure)
        return (report, history, analytics, amfi.freshness)
    }

    /// AMFI's entry of `code`, standing in for the MF API's history that failed with `failure`.
    /// - Throws: ``FolioError``: unavailable, the MF API's failure with AMFI's beside it, when AMFI cannot help.
    func amfiStandIn(code: Int, mode: FetchMode, because failure: FolioError) async throws -> Fetched<AMFINAV> {
        do {
            return try await amfiNAV(code: code, mode: mode)
        } catch {
            // The MF API's words stay first: it is the source asked, AMFI only the fallback. AMFI's cause is
            // given unless it is the MF API's own (offline), when what it lacks says more.
            let amfi = FolioError.funds(error)
            let reason = amfi.why.flatMap { $0 == failure.why ? nil : $0 } ?? amfi.what
            throw FolioError(
                .unavailable, failure.what,
                why: (failure.why.map { "\($0); " } ?? "") + "AMFI's NAV file cannot stand in: \(reason)",
                hint: failure.hint ?? "try again later")
        }
    }
}
