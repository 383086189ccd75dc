import Alerting
import Failures
import FeatureCLI
import FeatureKit
import FeatureKitTesting
import Foundation
import Settings
import Testing
import Timing

@testable import MutualFundsCommands

/// The fund alert kind's schedule: as often as a history stays fresh until the day's NAV is in, then the next
/// NAV day (a calendar day in India).
@Suite("Fund alerts: once a NAV day")
struct FundAlertScheduleTests {
    @Test("the rate is funds.historyTTL (30m by default)")
    func rateFromSettings() throws {
        let kind = FundsAlerts.fund.kind
        #expect(try kind.rate(.test(featureID: "funds")) == .seconds(1_800))
        let configured = FeatureContext.test(featureID: "funds", configuration: Configuration(file: ["funds.historyTTL": "2h"]))
        #expect(try kind.rate(configured) == .seconds(7_200))
    }

    @Test("once the day's NAV is in, the next check is at the start of the next day in India; before, at the rate")
    func nextNAVDay() throws {
        // 2026-01-15 18:30 UTC is midnight in India: 30 minutes before, the 15th's NAV is the day's.
        let now = try #require(ISO8601DateFormatter().date(from: "2026-01-15T18:00:00Z"))
        let fifteenth = try #require(CalendarDate(year: 2026, month: 1, day: 15))
        #expect(FundsAlerts.nextNAVDay(after: fifteenth, now: now) == .seconds(1_800))
        #expect(FundsAlerts.nextNAVDay(after: fifteenth.adding(days: -1), now: now) == nil)
        // Half an hour later it is the 16th in India: the 15th's NAV is yesterday's.
        #expect(FundsAlerts.nextNAVDay(after: fifteenth, now: now.addingTimeInterval(3_600)) == nil)
    }

    @Test("one condition, refused by field otherwise, before any network")
    func oneCondition() async throws {
        let context = FeatureContext.test(featureID: "funds")
        let cases: [([String: String?], String)] = [
            (["code": "122639"], "above"),
            (["code": "122639", "above": "90", "move": "3%"], "move"),
            (["code": "122639", "above": "90", "below": "80"], "below"),
            (["code": "abc", "below": "85"], "code"),
            (["code": "122639", "below": "-85"], "below"),
            (["below": "85"], "code"),
        ]
        for (fields, field) in cases {
            await #expect("\(fields)") { try await FundsAlerts.definition(AlertInput(fields), context: context) }
                throws: { ($0 as? FolioError)?.field == field }
        }
    }
}
