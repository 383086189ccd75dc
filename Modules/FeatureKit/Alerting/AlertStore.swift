import AlertRules
import Failures
import Foundation
import Persistence

/// The host's `alerts` namespace: every alert, its armed/fired state and the webhook outbox.
///
/// A check's new state and the firings it queues commit in one transaction, which re-reads each alert: two
/// processes checking at once both read the source, but only the first to commit fires a condition, so each
/// firing is queued once.
public struct AlertStore: Sendable {
    /// The namespace's name.
    public static let namespace = "alerts"
    /// How long one delivery attempt may take: the webhook's own deadline (``Webhook/timeout``).
    public static let attemptDeadline: TimeInterval = 10
    /// What a claim adds to the attempts it covers: the store's commit of the outcome, and clocks a little apart.
    public static let claimMargin: TimeInterval = 5
    /// How long a process may hold an outbox entry it is about to deliver before another may try it: one
    /// attempt's deadline plus the margin, so a watcher killed mid-delivery delays a firing by seconds, well
    /// within the alert's own window (a race "within 5 minutes").
    public static let claimLifetime: TimeInterval = attemptDeadline + claimMargin

    /// The namespace's schema version once ``prepare(importing:)`` has run.
    public static let schemaVersion = 1
    /// What its one migration does.
    public static let migrationName = "take in the alerts the features kept themselves"

    private let store: any KeyValueStore

    /// Creates the store over the `alerts` namespace.
    public init(store: any KeyValueStore) {
        self.store = store
    }

    /// Adds an armed alert; returns it with its number.
    public func add(_ definition: AlertDefinition, featureID: String, at date: Date) async throws -> StoredAlert {
        try await store.write { transaction in
            let last = try transaction.scan(StoredAlert.self, AlertKeys.alerts, limit: 1, reverse: true).first
            let alert = StoredAlert(
                id: (last?.value.id ?? 0) + 1, uid: UUID().uuidString.lowercased(), featureID: featureID,
                definition: definition, createdAt: date)
            try transaction.put(AlertKeys.alert(alert.id), alert)
            return alert
        }
    }

    /// Brings the namespace to its schema: version 1 takes in the alerts features kept themselves, read by
    /// `load` only when the migration has still to run (and committed with the version, so two processes
    /// upgrading at once import them once).
    /// - Returns: The schema version the namespace had before.
    @discardableResult
    public func prepare(importing load: @Sendable () async throws -> [ImportedAlert]) async throws -> Int {
        let before = try await store.schemaVersion()
        guard before < Self.schemaVersion else { return before }
        let imported = try await load()
        try await store.migrate([
            Migration(version: 1, name: Self.migrationName) { transaction in
                let last = try transaction.scan(StoredAlert.self, AlertKeys.alerts, limit: 1, reverse: true).first
                var id = last?.value.id ?? 0
                for alert in imported {
                    id += 1
                    var stored = StoredAlert(
                        id: id, uid: UUID().uuidString.lowercased(), featureID: alert.featureID,
                        definition: alert.definition, createdAt: alert.createdAt)
                    stored.firedKeys = alert.firedKeys
                    try transaction.put(AlertKeys.alert(id), stored)
                }
            }
        ])
        return before
    }

    /// Every alert, by number.
    public func list() async throws -> [StoredAlert] {
        try await store.scan(StoredAlert.self, AlertKeys.alerts).map(\.value)
    }

    /// Removes alert `id` and anything of it still in the outbox; returns it.
    /// - Throws: ``FolioError`` (not found, field `id`).
    @discardableResult
    public func remove(_ id: Int) async throws -> StoredAlert {
        try await store.write { transaction in
            guard let alert = try transaction.value(StoredAlert.self, AlertKeys.alert(id)) else {
                throw FolioError(
                    .notFound, "no alert #\(id)", why: "folio alerts list shows the alerts and their numbers",
                    field: "id")
            }
            try transaction.delete(AlertKeys.alert(id))
            for entry in try transaction.scan(OutboxEntry.self, AlertKeys.outbox) where entry.value.firing.alertID == id
            {
                try transaction.delete(entry.key)
            }
            return alert
        }
    }

    /// Applies `readings` (by alert number) at `date` in one transaction; queues each firing for `webhook`,
    /// claimed by `claimant` so this process delivers what it fired. Returns the firings, in alert order.
    public func commit(
        _ readings: [Int: AlertReading], at date: Date, webhook: String?, claimant: String
    ) async throws -> [Firing] {
        try await store.write { transaction in
            var fired: [Firing] = []
            for (id, reading) in readings.sorted(by: { $0.key < $1.key }) {
                // Re-read inside the transaction: another process may have fired it since the source was read.
                guard let alert = try transaction.value(StoredAlert.self, AlertKeys.alert(id)) else { continue }
                let (next, firings) = alert.applying(reading, at: date)
                if next != alert { try transaction.put(AlertKeys.alert(id), next) }
                for firing in firings {
                    fired.append(firing)
                    guard let webhook else { continue }
                    try transaction.put(
                        AlertKeys.outbox(firing.key),
                        OutboxEntry(
                            firing: firing, target: webhook, attempts: 0, claimedBy: claimant,
                            claimedUntil: date.addingTimeInterval(Self.claimLifetime)))
                }
            }
            return fired
        }
    }

    /// Claims, for `claimant`, every outbox entry that it already holds or nobody holds (or whose claim
    /// expired), oldest firing first. The entries are delivered one after another, so the n-th is held for n
    /// attempts' deadlines plus the margin: each claim outlasts the attempts before it and its own, and no longer.
    public func claimOutbox(claimant: String, at date: Date) async throws -> [OutboxEntry] {
        try await store.write { transaction in
            let free = try transaction.scan(OutboxEntry.self, AlertKeys.outbox).filter { entry in
                let value = entry.value
                return value.claimedBy == nil || value.claimedBy == claimant
                    || (value.claimedUntil ?? .distantPast) <= date
            }
            let ordered = free.sorted {
                ($0.value.firing.firedAt, $0.value.firing.key) < ($1.value.firing.firedAt, $1.value.firing.key)
            }
            var claimed: [OutboxEntry] = []
            for (position, entry) in ordered.enumerated() {
                var value = entry.value
                value.claimedBy = claimant
                value.claimedUntil = date.addingTimeInterval(
                    Self.attemptDeadline * Double(position + 1) + Self.claimMargin)
                try transaction.put(entry.key, value)
                claimed.append(value)
            }
            return claimed
        }
    }

    /// Removes a delivered entry.
    public func delivered(_ firingKey: String) async throws {
        try await store.delete(AlertKeys.outbox(firingKey))
    }

    /// Keeps a failed entry for the next check, released and with the failure noted.
    public func failed(_ firingKey: String, reason: String) async throws {
        try await store.write { transaction in
            guard var entry = try transaction.value(OutboxEntry.self, AlertKeys.outbox(firingKey)) else { return }
            entry.attempts += 1
            entry.lastError = reason
            entry.claimedBy = nil
            entry.claimedUntil = nil
            try transaction.put(AlertKeys.outbox(firingKey), entry)
        }
    }

    /// The entries waiting for delivery.
    public func outbox() async throws -> [OutboxEntry] {
        try await store.scan(OutboxEntry.self, AlertKeys.outbox).map(\.value)
    }
}
