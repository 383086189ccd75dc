import Foundation
import Persistence

/// A store whose device-local keys (a feature's ``FeatureDescriptor/deviceLocalKeys``: logging in on one laptop
/// must not log in the other) live in `FOLIO_HOME`'s SQLite file and everything else in the shared one.
///
/// A transaction runs on the shared store; it reads the local keys from a snapshot taken just before and
/// writes them to an overlay, which is stored locally once the shared transaction has committed. Only this
/// device writes its local keys, so the snapshot cannot go stale under it (short of two commands of the same
/// device racing to log in, where the last one wins, as with two logins in a row). The body may run more
/// than once (a serialisation retry); each run starts from the snapshot again.
struct DeviceLocalStore: KeyValueStore {
    let shared: any KeyValueStore
    let local: any KeyValueStore
    let localKeys: Set<String>
    let now: @Sendable () -> Date

    var namespace: String { shared.namespace }

    func read<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R {
        let snapshot = try await localSnapshot()
        let (keys, now) = (localKeys, now)
        return try await shared.read { transaction in
            try body(RoutedTransaction(base: transaction, localKeys: keys, overlay: snapshot, now: now))
        }
    }

    func write<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R {
        let snapshot = try await localSnapshot()
        let (keys, now) = (localKeys, now)
        let (result, changes) = try await shared.write { transaction in
            let routed = RoutedTransaction(base: transaction, localKeys: keys, overlay: snapshot, now: now)
            let result = try body(routed)
            return (result, routed.changes)
        }
        if !changes.isEmpty {
            try await local.write { transaction in
                for (key, record) in changes {
                    if let record {
                        try transaction.put(key, value: record.value, expiresAt: record.expiresAt, searchText: nil)
                    } else {
                        try transaction.delete(key)
                    }
                }
            }
        }
        return result
    }

    func schemaVersion() async throws -> Int { try await shared.schemaVersion() }

    func migrate(_ migrations: [Migration]) async throws {
        let snapshot = try await localSnapshot()
        let (keys, now) = (localKeys, now)
        let applied = migrations.map { migration in
            Migration(version: migration.version, name: migration.name) { transaction in
                try migration.apply(RoutedTransaction(base: transaction, localKeys: keys, overlay: snapshot, now: now))
            }
        }
        try await shared.migrate(applied)
    }

    private func localSnapshot() async throws -> [String: RawRecord] {
        let keys = localKeys
        return try await local.read { transaction in
            var records: [String: RawRecord] = [:]
            for key in keys { records[key] = try transaction.get(key) }
            return records
        }
    }
}

/// Sends the local keys to an overlay and everything else to the shared transaction.
final class RoutedTransaction: StoreTransaction {
    private let base: any StoreTransaction
    private let localKeys: Set<String>
    private var overlay: [String: RawRecord]
    private let now: @Sendable () -> Date
    /// The local keys written: a record to store, or nil to delete.
    private(set) var changes: [String: RawRecord?] = [:]

    init(
        base: any StoreTransaction, localKeys: Set<String>, overlay: [String: RawRecord],
        now: @escaping @Sendable () -> Date
    ) {
        self.base = base
        self.localKeys = localKeys
        self.overlay = overlay
        self.now = now
    }

    func get(_ key: String) throws -> RawRecord? {
        localKeys.contains(key) ? overlay[key] : try base.get(key)
    }

    func put(_ key: String, value: Data, expiresAt: Date?, searchText: String?) throws {
        guard localKeys.contains(key) else {
            return try base.put(key, value: value, expiresAt: expiresAt, searchText: searchText)
        }
        let record = RawRecord(key: key, value: value, storedAt: now(), expiresAt: expiresAt)
        overlay[key] = record
        changes[key] = .some(record)
    }

    func delete(_ key: String) throws {
        guard localKeys.contains(key) else { return try base.delete(key) }
        overlay[key] = nil
        changes[key] = .some(nil)
    }

    func delete(_ range: KeyRange) throws -> Int { try base.delete(range) }

    func scan(_ range: KeyRange, limit: Int?, reverse: Bool) throws -> [RawRecord] {
        try base.scan(range, limit: limit, reverse: reverse)
    }

    func count(_ range: KeyRange) throws -> Int { try base.count(range) }

    func search(_ terms: [String], in range: KeyRange, limit: Int) throws -> [RawRecord] {
        try base.search(terms, in: range, limit: limit)
    }

    func searchHits(_ terms: [String], in range: KeyRange, limit: Int) throws -> [SearchHit] {
        try base.searchHits(terms, in: range, limit: limit)
    }

    func firstSearchHits(
        _ terms: [String], wholeWords: [String], in range: KeyRange, limit: Int
    ) throws
        -> SearchHitList
    {
        try base.firstSearchHits(terms, wholeWords: wholeWords, in: range, limit: limit)
    }

    /// The shared records only: the device-local ones are this device's and are not copied anywhere.
    func export(_ range: KeyRange) throws -> [ExportedRecord] {
        try base.export(range).filter { !localKeys.contains($0.record.key) }
    }

    func restore(_ record: ExportedRecord) throws {
        guard localKeys.contains(record.record.key) else { return try base.restore(record) }
        overlay[record.record.key] = record.record
        changes[record.record.key] = .some(record.record)
    }
}
