import Failures
import Foundation
import Timing

extension FundShowReport {
    /// The report when the MF API's history is unavailable and AMFI's file has the latest NAV: the scheme's
    /// name, classification and latest NAV from AMFI, every figure that needs the history null with why.
    /// `analytics` is the report of the entry's one-NAV history (``AMFINAV/history``).
    init(
        amfi entry: AMFINAV, analytics: FundReport, today: CalendarDate, freshness: Freshness, mfapiFailure: FolioError
    ) {
        self.init(history: entry.history, report: analytics, today: today, freshness: freshness)
        latestNAVSource = .amfi
        self.mfapiFailure = mfapiFailure.line
        dailyChange = nil
        dailyChangePercent = nil
        returns = Dictionary(
            uniqueKeysWithValues: ReturnPeriod.allCases.map { ($0.rawValue, NullableReturn(value: nil)) })
        volatility = nil
        maxDrawdown = nil
        sharpe = nil
        let reason = "the MF API's history is unavailable; AMFI's file has the latest NAV only"
        unavailable = Dictionary(
            uniqueKeysWithValues: (ReturnPeriod.allCases.map(\.rawValue) + ["volatility", "maxDrawdown", "sharpe"]).map
            {
                ($0, reason)
            })
    }
}
