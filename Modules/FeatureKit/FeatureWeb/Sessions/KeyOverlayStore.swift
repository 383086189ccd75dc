import Foundation
import Persistence
import Synchronization

/// A store that answers one key from a value of its own and passes everything else through: how a browser's
/// login stands in for the one "logged in" record a command-line feature keeps, so each browser acts as its
/// own user while the CLI's session and every other record stay shared and untouched.
public final class KeyOverlayStore: KeyValueStore, Sendable {
    private let base: any KeyValueStore
    private let key: String
    private let value: Mutex<Data?>

    /// Overlays `key` of `base` with `value` (nil: the key reads as missing).
    public init(base: any KeyValueStore, key: String, value: Data?) {
        self.base = base
        self.key = key
        self.value = Mutex(value)
    }

    /// The overlaid value now (after the command wrote or deleted it).
    public var overlaid: Data? { value.withLock { $0 } }

    public var namespace: String { base.namespace }

    public func read<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R {
        try await base.read { transaction in try body(OverlayTransaction(base: transaction, store: self)) }
    }

    public func write<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R {
        try await base.write { transaction in try body(OverlayTransaction(base: transaction, store: self)) }
    }

    public func schemaVersion() async throws -> Int { try await base.schemaVersion() }

    public func migrate(_ migrations: [Migration]) async throws { try await base.migrate(migrations) }

    fileprivate func get() -> RawRecord? {
        value.withLock { value in value.map { RawRecord(key: key, value: $0, storedAt: Date(timeIntervalSince1970: 0), expiresAt: nil) } }
    }

    fileprivate func set(_ data: Data?) { value.withLock { $0 = data } }

    fileprivate func owns(_ candidate: String) -> Bool { candidate == key }

    private struct OverlayTransaction: StoreTransaction {
        let base: any StoreTransaction
        let store: KeyOverlayStore

        func get(_ key: String) throws -> RawRecord? { store.owns(key) ? store.get() : try base.get(key) }

        func put(_ key: String, value: Data, expiresAt: Date?, searchText: String?) throws {
            if store.owns(key) { store.set(value) } else { try base.put(key, value: value, expiresAt: expiresAt, searchText: searchText) }
        }

        func delete(_ key: String) throws {
            if store.owns(key) { store.set(nil) } else { try base.delete(key) }
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

        func firstSearchHits(_ terms: [String], wholeWords: [String], in range: KeyRange, limit: Int) throws -> SearchHitList {
            try base.firstSearchHits(terms, wholeWords: wholeWords, in: range, limit: limit)
        }

        func export(_ range: KeyRange) throws -> [ExportedRecord] { try base.export(range) }

        func restore(_ record: ExportedRecord) throws {
            if store.owns(record.record.key) { store.set(record.record.value) } else { try base.restore(record) }
        }
    }
}
