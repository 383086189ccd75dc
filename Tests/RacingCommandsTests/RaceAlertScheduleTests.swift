import AlertRules
import Alerting
import Failures
import FeatureCLI
import FeatureKit
import FeatureKitTesting
import Foundation
import Persistence
import Settings
import Testing
import Timing
import TimingTesting

@testable import RacingCommands

/// The race alert kind's schedule: the board's refresh setting, and a check every few seconds while a race is
/// about to come within an alert's window (the fixture's horse races: Charles Town R3 487 s and Delta Downs R6
/// 787 s after capture).
@Suite("Race alerts: the rate of races.refresh, sooner when a race is about to start")
struct RaceAlertScheduleTests {
    private func context(now: Date = capturedAt, settings: [String: String] = [:]) throws -> FeatureContext {
        .test(
            featureID: "races", http: ScriptedHTTP.body(try fixture(capturedAt: capturedAt)),
            store: InMemoryDatabase().store(namespace: "races"), timing: .test(now: now),
            configuration: Configuration(environment: ["FOLIO_NEDS_URL": "http://127.0.0.1:9"], file: settings))
    }

    @Test("the rate is races.refresh, 30 s by default, never under the board's 10 s minimum")
    func rateFromSettings() throws {
        let kind = RacingAlerts.race.kind
        #expect(try kind.rate(try context()) == .seconds(30))
        #expect(try kind.rate(try context(settings: ["races.refresh": "45s"])) == .seconds(45))
        #expect(try kind.rate(try context(settings: ["races.refresh": "2m"])) == .seconds(120))
        #expect(try kind.rate(try context(settings: ["races.refresh": "2s"])) == .seconds(10))
        #expect(throws: (any Error).self) { try kind.rate(try context(settings: ["races.refresh": "soon"])) }
    }

    @Test("a horse race coming within 5m before the next check asks for one in a few seconds; none asks for none")
    func soonerWhenARaceIsAboutToStart() async throws {
        let definition = try await RacingAlerts.form.define(
            AlertInput(["category": "horse", "within": "5m"]), try context())
        func reading(after seconds: Int, settings: [String: String] = [:]) async throws -> AlertReading {
            let context = try context(now: capturedAt.addingTimeInterval(TimeInterval(seconds)), settings: settings)
            return try await RacingAlerts.race.kind.check(definition, context)
        }
        // Charles Town enters the window 187 s after capture.
        var now = try await reading(after: 150)
        #expect(now.signals == [] && now.nextCheck == nil)
        now = try await reading(after: 150, settings: ["races.refresh": "1m"])
        #expect(now.nextCheck == .seconds(5), "37 s to go is within a refresh of a minute")
        now = try await reading(after: 170)
        #expect(now.nextCheck == .seconds(5))
        now = try await reading(after: 184)
        #expect(now.nextCheck == .seconds(3), "no later than the race enters the window")
        now = try await reading(after: 200)
        #expect(now.signals?.map(\.title).first?.hasPrefix("Race 3 at Charles Town starts in") == true)
        #expect(now.nextCheck == nil, "Delta Downs enters the window minutes later")
    }

    @Test("the form's parser is the command's: a refusal names the field")
    func sharedParser() async throws {
        await #expect {
            try await RacingAlerts.form.define(AlertInput(["category": "llama", "within": "5m"]), try context())
        } throws: { ($0 as? FolioError)?.field == "category" }
        await #expect { try await RacingAlerts.form.define(AlertInput(["within": "soon"]), try context()) } throws: {
            ($0 as? FolioError)?.field == "within"
        }
        await #expect { try await RacingAlerts.form.define(AlertInput(["category": "horse"]), try context()) } throws: {
            ($0 as? FolioError)?.field == "within"
        }
        let definition = try await RacingAlerts.form.define(
            AlertInput(["category": "horse,greyhound", "meeting": "Flemington", "within": "10m"]), try context())
        #expect(definition.summary == "greyhound or horse races at Flemington starting within 10m")
    }
}
