import Foundation
import Hummingbird
import Persistence

/// Hummingbird's key-value persistence (``PersistDriver``, what hummingbird-auth's session middleware keeps sessions
/// in) over a store of the Persistence kernel, so SQLite and PostgreSQL both hold them: a browser login survives a
/// restart of `folio serve`, and servers on one PostgreSQL database share it.
///
/// The session middleware names a record by the raw session id it put in the cookie. This driver keeps each record
/// only under the SHA-256 of that name, so the table never holds an id a reader of the database could replay.
/// Expiry is the store's `expiresAt`, stamped and checked with the injected wall clock; the store returns an expired
/// record (marked stale) like any other, so the driver is what refuses it.
public struct StorePersistDriver: PersistDriver {
    /// Where the records live in the store; everything under it belongs to this driver.
    public static let prefix = "persist/"
    /// The store the records live in (the `web` namespace); form tokens (``FormReplays``) live there too.
    let store: any KeyValueStore
    private let now: @Sendable () -> Date

    /// Keeps records in `store` (the host passes the `web` namespace of its database), expiring them by `now`.
    public init(store: any KeyValueStore, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.now = now
    }

    /// The key a record named `key` is stored under: the digest, never the name itself.
    public static func storedKey(_ key: String) -> String { prefix + Secrets.digest(key) }

    /// Stores `value` unless a live record is already named `key` (``PersistError/duplicate``).
    public func create<Object: Codable & Sendable>(key: String, value: Object, expires: Duration?) async throws {
        let stored = Self.storedKey(key)
        let data = try RecordCoding.encode(value, key: stored)
        let now = now()
        let expiresAt = expires.map { now.addingTimeInterval(Self.seconds($0)) }
        try await store.write { transaction in
            if let existing = try transaction.get(stored), !Self.expired(existing, at: now) {
                throw PersistError.duplicate
            }
            try transaction.put(stored, value: data, expiresAt: expiresAt, searchText: nil)
        }
        // Sessions nobody comes back for would otherwise stay forever; a login is rare enough to pay for the sweep,
        // and a sweep that fails costs nothing but space.
        try? await sweep(at: now)
    }

    /// Stores `value` under `key`; without `expires`, a record already there keeps its expiry.
    public func set<Object: Codable & Sendable>(key: String, value: Object, expires: Duration?) async throws {
        let stored = Self.storedKey(key)
        let data = try RecordCoding.encode(value, key: stored)
        let now = now()
        try await store.write { transaction in
            let kept = try transaction.get(stored)?.expiresAt
            let expiresAt = expires.map { now.addingTimeInterval(Self.seconds($0)) } ?? kept
            try transaction.put(stored, value: data, expiresAt: expiresAt, searchText: nil)
        }
    }

    /// The live value named `key`, nil when there is none or it has expired.
    public func get<Object: Codable & Sendable>(key: String, as type: Object.Type) async throws -> Object? {
        try await getWithTTL(key: key, as: type)?.object
    }

    /// The live value named `key` with the time it has left (nil when it never expires).
    /// - Throws: ``PersistError/invalidConversion`` when the record is not an `Object` (the middleware then ends
    ///   the session rather than failing the request).
    public func getWithTTL<Object: Codable & Sendable>(
        key: String, as type: Object.Type
    ) async throws
        -> (object: Object, ttl: Duration?)?
    {
        let stored = Self.storedKey(key)
        guard let record = try await store.read({ try $0.get(stored) }) else { return nil }
        let now = now()
        if Self.expired(record, at: now) {
            try await store.write { transaction in
                // Checked again inside the write: another server may have renewed it since the read.
                if let current = try transaction.get(stored), Self.expired(current, at: now) {
                    try transaction.delete(stored)
                }
            }
            return nil
        }
        let object: Object
        do {
            object = try RecordCoding.decode(type, from: record.value, key: stored)
        } catch {
            throw PersistError.invalidConversion
        }
        return (
            object, record.expiresAt.map { .milliseconds(Int64(($0.timeIntervalSince(now) * 1000).rounded(.down))) }
        )
    }

    /// Removes the record named `key`, if any.
    public func remove(key: String) async throws {
        try await store.delete(Self.storedKey(key))
    }

    /// Removes every expired record of this driver.
    func sweep(at now: Date) async throws {
        try await store.write { transaction in
            for record in try transaction.scan(.prefix(Self.prefix), limit: nil, reverse: false)
            where Self.expired(record, at: now) {
                try transaction.delete(record.key)
            }
        }
    }

    private static func expired(_ record: RawRecord, at now: Date) -> Bool {
        record.expiresAt.map { $0 <= now } ?? false
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
