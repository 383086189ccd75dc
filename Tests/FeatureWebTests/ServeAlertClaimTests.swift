import Alerting
import Foundation
import Persistence
import Testing

@Suite("a watcher's delivery claim lasts one attempt's deadline plus a margin")
struct ServeAlertClaimTests {
    /// An outbox entry as a watcher that fired it left it, claimed by nobody.
    static func entry(_ key: String, firedAt: Double) throws -> OutboxEntry {
        let json = """
            {"firing": {"key": "\(key)", "alertID": 1, "kind": "race", "title": "Race", "body": "soon", "firedAt": \(firedAt)},
             "target": "http://127.0.0.1:9/hook", "attempts": 0}
            """
        return try JSONDecoder().decode(OutboxEntry.self, from: Data(json.utf8))
    }

    @Test("a killed watcher's claims pass to another after 15 s for the first entry and 10 s more for each next one")
    func claimsExpireInSeconds() async throws {
        let store = InMemoryDatabase().store(namespace: AlertStore.namespace)
        try await store.put("outbox/a", Self.entry("a", firedAt: 1))
        try await store.put("outbox/b", Self.entry("b", firedAt: 2))
        let alerts = AlertStore(store: store)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(try await alerts.claimOutbox(claimant: "killed", at: start).map(\.firing.key) == ["a", "b"])
        #expect(AlertStore.claimLifetime == 15)
        #expect(try await alerts.claimOutbox(claimant: "other", at: start + 14).isEmpty)
        #expect(try await alerts.claimOutbox(claimant: "other", at: start + 15).map(\.firing.key) == ["a"])
        #expect(try await alerts.claimOutbox(claimant: "third", at: start + 24).isEmpty, "b is still held by killed")
        #expect(try await alerts.claimOutbox(claimant: "third", at: start + 25).map(\.firing.key) == ["b"])
    }
}
