import AlertRules
import Alerting
import Failures
import FeatureCLI
import FeatureKit
import FeatureKitTesting
import Foundation
import Money
import MutualFunds
import Persistence
import Settings
import Testing
import Timing
import TimingTesting

@testable import MutualFundsCommands

/// The fund alert kind's schedule: as often as a history stays fresh until the day's NAV is in, then the next
/// NAV day (a weekday in India).
@Suite("Fund alerts: once a NAV day")
struct FundAlertScheduleTests {
    @Test("the rate is funds.historyTTL (30m by default)")
    func rateFromSettings() throws {
        let kind = FundsAlerts.fund.kind
        #expect(try kind.rate(.test(featureID: "funds")) == .seconds(1_800))
        let configured = FeatureContext.test(
            featureID: "funds", configuration: Configuration(file: ["funds.historyTTL": "2h"]))
        #expect(try kind.rate(configured) == .seconds(7_200))
    }

    @Test("once the day's NAV is in, the next check is at the start of the next day in India; before, at the rate")
    func nextNAVDay() throws {
        // 2026-01-15 18:30 UTC is midnight in India: 30 minutes before, the 15th's NAV is the day's.
        let now = try #require(ISO8601DateFormatter().date(from: "2026-01-15T18:00:00Z"))
        let fifteenth = try #require(CalendarDate(year: 2026, month: 1, day: 15))
        #expect(FundAlertRule.nextNAVDay(after: fifteenth, now: now) == .seconds(1_800))
        #expect(FundAlertRule.nextNAVDay(after: fifteenth.adding(days: -1), now: now) == nil)
        // Half an hour later it is the 16th in India: the 15th's NAV is yesterday's.
        #expect(FundAlertRule.nextNAVDay(after: fifteenth, now: now.addingTimeInterval(3_600)) == nil)
    }

    @Test("no NAV on a Saturday or Sunday in India: once Friday's is in, the next check is Monday's start there")
    func weekend() throws {
        let iso = ISO8601DateFormatter()
        let friday = try #require(CalendarDate(year: 2026, month: 9, day: 4))
        // Monday 2026-09-07 00:00 in India is 2026-09-06 18:30 UTC.
        let monday = try #require(iso.date(from: "2026-09-06T18:30:00Z"))
        for now in ["2026-09-04T20:00:00Z", "2026-09-05T09:20:00Z", "2026-09-06T18:00:00Z"] {
            let date = try #require(iso.date(from: now))
            #expect(
                FundAlertRule.nextNAVDay(after: friday, now: date) == .seconds(Int(monday.timeIntervalSince(date))),
                "\(now)")
        }
        // Thursday's NAV on a Saturday: Friday's is still to come, so the rate holds.
        let saturday = try #require(iso.date(from: "2026-09-05T09:20:00Z"))
        #expect(FundAlertRule.nextNAVDay(after: friday.adding(days: -1), now: saturday) == nil)
        // On Monday morning Friday's NAV is no longer the latest there can be.
        #expect(FundAlertRule.nextNAVDay(after: friday, now: monday.addingTimeInterval(60)) == nil)
    }

    @Test("a check on a Saturday in India that finds Friday's NAV asks for Monday; on Monday it keeps to the rate")
    func weekendCheck() async throws {
        // The harness's wall clock starts on Saturday 2026-09-05, 14:50 in India; 122639's latest NAV is Friday's.
        let harness = Harness()
        let context = FeatureContext.test(
            featureID: "funds", http: harness.http, store: harness.database.store(namespace: "funds"),
            timing: Timing(clock: ManualClock(), wallClock: harness.wall),
            configuration: Configuration(environment: ["FOLIO_MFAPI_URL": "http://mfapi.test"]))
        var parameters = FundAlertRule.Parameters(code: 122639)
        parameters.below = 1
        let saturday = try await FundsAlerts.fund.kind.check(
            AlertDefinition(kind: "fund", parameters: parameters, summary: ""), context)
        #expect(saturday.signals == [])
        // 2026-09-05 09:20 UTC to Monday 00:00 in India (2026-09-06 18:30 UTC): 33 h 10 min.
        #expect(saturday.nextCheck == .seconds(119_400))
        harness.wall.advance(by: 119_400 + 3_600)
        let monday = try await FundsAlerts.fund.kind.check(
            AlertDefinition(kind: "fund", parameters: parameters, summary: ""), context)
        #expect(monday.signals == [] && monday.nextCheck == nil, "Monday's NAV is looked for at funds.historyTTL")
        #expect(
            harness.requestPaths.filter { $0 == "/mf/122639" }.count == 2, "Monday's check fetched the history again")
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
            await #expect("\(fields)") { try await FundsAlerts.form.define(AlertInput(fields), context) } throws: {
                ($0 as? FolioError)?.field == field
            }
        }
    }
}
