import AlertRules
import FeatureKit
import FeatureKitTesting
import Foundation
import NetworkingTesting
import Persistence
import Settings
import Synchronization
import Testing
import Timing
import TimingTesting

@testable import Alerting

/// A kind whose rate is a setting of its feature (`NAME.refresh`) and whose source records when it was read,
/// on the manual clock, and may ask for its next check.
private final class TimedSource: Sendable {
    let name: String
    let clock: ManualClock
    private let state = Mutex<(reads: [Duration], nextCheck: Duration?)>(([], nil))

    init(_ name: String, clock: ManualClock, nextCheck: Duration? = nil) {
        self.name = name
        self.clock = clock
        state.withLock { $0.nextCheck = nextCheck }
    }

    /// When the checks read the source, as offsets of the manual clock.
    var reads: [Duration] { state.withLock { $0.reads } }

    var kind: AlertKind {
        let key = ConfigKey("\(name).refresh", default: "30s")
        return AlertKind(
            name: name, featureID: name, summary: name,
            rate: { context in try context.configuration.duration(key) ?? .seconds(30) }
        ) { _, _ in
            let next = self.state.withLock { state in
                state.reads.append(self.clock.now.offset)
                return state.nextCheck
            }
            return AlertReading.holding([]).checkingAgain(after: next)
        }
    }
}

@Suite("Alert schedule: each kind at the rate of its feature's settings")
struct ScheduleTests {
    /// Runs the schedule on a ticker of the manual clock for `seconds`, one second at a time, each moved on
    /// only once the schedule has dealt with the last tick; the sources' reads say when each kind was checked.
    private func run(
        _ sources: [TimedSource], settings: [String: String], clock: ManualClock, seconds: Int
    ) async throws {
        let store = InMemoryDatabase().store(namespace: AlertStore.namespace)
        for source in sources {
            _ = try await AlertStore(store: store).add(
                try AlertDefinition(kind: source.name, parameters: ["level": 1], summary: source.name),
                featureID: source.name, at: Date())
        }
        let engine = AlertEngine(
            store: AlertStore(store: store),
            sources: AlertEngine.Sources(
                kinds: sources.map(\.kind), disabledFeatures: [],
                context: { FeatureContext.test(featureID: $0, configuration: Configuration(file: settings)) }),
            http: UnimplementedHTTPClient(), webhook: nil, timing: .test(clock: clock))
        let ticker = Ticker(clock: clock)
        let handled = Mutex(-1)
        let schedule = Task {
            await AlertSchedule.run(engine: engine, ticker: ticker, handled: { tick in handled.withLock { $0 = tick } })
            { _ in true }
        }
        defer { schedule.cancel() }
        #expect(await yieldUntil { handled.withLock { $0 } == 0 })
        for second in 1...seconds {
            await clock.waitForSleepers()
            await clock.advance(by: .seconds(1))
            #expect(
                await yieldUntil { handled.withLock { $0 } == second }, "the schedule did not deal with tick \(second)")
        }
    }

    @Test("the first check is at once; then each kind is read at the rate its setting gives, no sooner")
    func ratesFromSettings() async throws {
        let clock = ManualClock()
        let fast = TimedSource("fast", clock: clock)
        let slow = TimedSource("slow", clock: clock)
        try await run([fast, slow], settings: ["fast.refresh": "3s", "slow.refresh": "5s"], clock: clock, seconds: 13)
        #expect(fast.reads == [0, 3, 6, 9, 12].map { Duration.seconds($0) })
        #expect(slow.reads == [0, 5, 10].map { Duration.seconds($0) })
    }

    @Test("a changed setting changes the schedule")
    func otherSettings() async throws {
        let clock = ManualClock()
        let fast = TimedSource("fast", clock: clock)
        try await run([fast], settings: ["fast.refresh": "2s"], clock: clock, seconds: 7)
        #expect(fast.reads == [0, 2, 4, 6].map { Duration.seconds($0) })
    }

    @Test("a reading that asks for a sooner or later check is checked then, whatever the rate")
    func readingsAskForTheirNextCheck() async throws {
        let clock = ManualClock()
        let soon = TimedSource("soon", clock: clock, nextCheck: .seconds(2))
        let later = TimedSource("later", clock: clock, nextCheck: .seconds(9))
        try await run(
            [soon, later], settings: ["soon.refresh": "30s", "later.refresh": "4s"], clock: clock, seconds: 10)
        #expect(soon.reads == [0, 2, 4, 6, 8, 10].map { Duration.seconds($0) })
        #expect(later.reads == [0, 9].map { Duration.seconds($0) })
    }

    @Test("a kind is due again at the soonest of its alerts' next checks, the rate for an alert that did not say")
    func soonestOfAKindsAlerts() {
        var schedule = AlertSchedule(rates: ["race": .seconds(30)])
        #expect(schedule.due(at: .zero) == ["race"])
        var report = AlertCheckReport(checkedAt: Date(), fired: [], notChecked: [], delivered: [], undelivered: [])
        report.nextChecks = ["race": [nil, .seconds(4)]]
        schedule.checked(["race"], at: .seconds(10), report: report)
        #expect(schedule.nextDue["race"] == .seconds(14))
        #expect(schedule.due(at: .seconds(13)).isEmpty)
        #expect(schedule.due(at: .seconds(14)) == ["race"])
        report.nextChecks = ["race": [nil]]
        schedule.checked(["race"], at: .seconds(14), report: report)
        #expect(schedule.nextDue["race"] == .seconds(44))
    }
}
