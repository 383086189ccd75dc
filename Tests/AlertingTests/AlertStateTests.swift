import AlertRules
import Alerting
import Failures
import FeatureKitTesting
import Foundation
import Persistence
import Testing
import Timing
import TimingTesting

@Suite("Alert state: once per crossing, once per race")
struct AlertStateTests {
    private func setUp() async throws -> (AlertStore, ProbeSource, AlertEngine, StoredAlert) {
        let store = InMemoryDatabase().store(namespace: AlertStore.namespace)
        let source = ProbeSource()
        let alerts = AlertStore(store: store)
        let alert = try await alerts.add(try Probe.definition(), featureID: "probe", at: Date(timeIntervalSince1970: 0))
        return (alerts, source, Probe.engine(store: store, source: source), alert)
    }

    @Test("a level alert fires once per crossing and re-arms when its condition clears")
    func levelCrossing() async throws {
        let (alerts, source, engine, alert) = try await setUp()
        source.hold("below")
        let first = try await engine.check()
        #expect(first.fired.map(\.key) == ["\(alert.uid)-1"])
        #expect(first.fired.first?.title == "probe below")
        #expect(try await engine.check().fired.isEmpty, "still below: no second firing")
        #expect(try await alerts.list().first?.status == "fired")
        source.hold()
        #expect(try await engine.check().fired.isEmpty)
        #expect(try await alerts.list().first?.status == "armed")
        source.hold("below")
        #expect(try await engine.check().fired.map(\.key) == ["\(alert.uid)-2"], "a new crossing, a new identity")
    }

    @Test("a race alert fires once for each race that comes within the window")
    func perRace() async throws {
        let (_, source, engine, _) = try await setUp()
        source.hold("race-a")
        #expect(try await engine.check().fired.map(\.title) == ["probe race-a"])
        source.hold("race-a", "race-b")
        #expect(try await engine.check().fired.map(\.title) == ["probe race-b"])
        source.hold("race-b")
        #expect(try await engine.check().fired.isEmpty)
    }

    @Test("no news neither fires nor re-arms, and says why")
    func noNews() async throws {
        let (alerts, source, engine, alert) = try await setUp()
        source.hold("below")
        _ = try await engine.check()
        source.set(.noNews("prices are stale"))
        let report = try await engine.check()
        #expect(report.fired.isEmpty)
        #expect(report.notChecked.map(\.reason) == ["prices are stale"])
        #expect(try await alerts.list().first?.firedKeys == ["below"])
        source.hold("below")
        #expect(try await engine.check().fired.isEmpty)
        #expect(try await alerts.list().first?.firings == 1)
        _ = alert
    }

    @Test("an alert of a disabled feature is reported and kept, its source untouched")
    func disabledFeature() async throws {
        let store = InMemoryDatabase().store(namespace: AlertStore.namespace)
        let source = ProbeSource()
        source.hold("below")
        _ = try await AlertStore(store: store).add(try Probe.definition(), featureID: "probe", at: Date())
        let engine = Probe.engine(store: store, source: source, disabled: ["probe"])
        let report = try await engine.check()
        #expect(report.fired.isEmpty)
        #expect(
            report.notChecked.map(\.reason) == [
                "the probe feature is disabled — config.json lists it under disabledFeatures"
            ])
        #expect(source.readCount == 0)
        #expect(try await AlertStore(store: store).list().count == 1)
    }

    @Test("an alert whose kind no plug-in contributes is reported, not dropped")
    func unknownKind() async throws {
        let store = InMemoryDatabase().store(namespace: AlertStore.namespace)
        let definition = try AlertDefinition(kind: "comet", parameters: ProbeParameters(level: 1), summary: "a comet")
        _ = try await AlertStore(store: store).add(definition, featureID: "sky", at: Date())
        let report = try await Probe.engine(store: store, source: ProbeSource()).check()
        #expect(report.notChecked.first?.reason.hasPrefix("no plug-in contributes comet alerts") == true)
        #expect(try await AlertStore(store: store).list().count == 1)
    }

    @Test("removing an unknown alert is refused by number")
    func removeUnknown() async throws {
        let (alerts, _, _, _) = try await setUp()
        await #expect(throws: FolioError.self) { try await alerts.remove(9) }
        #expect(try await alerts.list().count == 1)
        try await alerts.remove(1)
        #expect(try await alerts.list().isEmpty)
    }
}

@Suite("The alerts namespace's schema")
struct AlertSchemaTests {
    @Test("version 1 takes in the features' own alerts once, numbered after any already there, fired ones still fired")
    func importOnce() async throws {
        let store = AlertStore(store: InMemoryDatabase().store(namespace: AlertStore.namespace))
        let imported = ImportedAlert(
            featureID: "probe", definition: try Probe.definition(), firedKeys: ["below"],
            createdAt: Date(timeIntervalSince1970: 5))
        try await store.prepare { [imported, imported] }
        try await store.prepare {
            Issue.record("loaded again"); return []
        }
        let alerts = try await store.list()
        #expect(alerts.map(\.id) == [1, 2])
        #expect(alerts.map(\.status) == ["fired", "fired"])
        #expect(Set(alerts.map(\.uid)).count == 2)
    }
}
