import Foundation

/// An ordered key-value store of Codable records for one namespace (one feature).
///
/// Every access is a transaction: ``read(_:)`` sees a consistent snapshot, ``write(_:)`` is atomic and
/// serialised with every other writer, across processes for the SQLite backend. Read-modify-write belongs
/// inside one ``write(_:)`` so no concurrent update is lost.
public protocol KeyValueStore: Sendable {
    /// The namespace this store reads and writes.
    var namespace: String { get }

    /// Runs `body` against a consistent snapshot.
    /// - Returns: Whatever `body` returns.
    /// - Throws: What `body` throws, or ``PersistenceError`` from the backend.
    func read<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R

    /// Runs `body` in a write transaction: all of its writes commit together when it returns, none when it throws.
    /// - Returns: Whatever `body` returns.
    /// - Throws: What `body` throws, or ``PersistenceError`` from the backend.
    func write<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R

    /// The namespace's schema version: 0 until a migration has run.
    func schemaVersion() async throws -> Int

    /// Applies, in one transaction, every migration newer than the namespace's schema version, in order.
    /// - Throws: ``PersistenceError/newerSchema(namespace:found:supported:)`` when the stored data was written
    ///   by a newer schema than any migration given.
    func migrate(_ migrations: [Migration]) async throws
}

/// One step of a namespace's schema history.
public struct Migration: Sendable {
    /// The schema version this migration produces; versions start at 1 and increase.
    public var version: Int
    /// What it does, for logs and errors.
    public var name: String
    /// The change, run inside the migration's transaction.
    public var apply: @Sendable (any StoreTransaction) throws -> Void

    /// Creates a migration.
    public init(version: Int, name: String, apply: @escaping @Sendable (any StoreTransaction) throws -> Void) {
        self.version = version
        self.name = name
        self.apply = apply
    }
}

/// Opens stores by namespace over one backend.
public protocol KeyValueDatabase: Sendable {
    /// The store for `namespace`.
    func store(namespace: String) -> any KeyValueStore
}

extension KeyValueStore {
    /// The decoded entry at `key`.
    public func get<T: Decodable & Sendable>(_ type: T.Type, _ key: String) async throws -> Entry<T>? {
        try await read { try $0.get(type, key) }
    }

    /// Encodes and stores `value` at `key`.
    public func put<T: Encodable & Sendable>(
        _ key: String, _ value: T, expiresAt: Date? = nil, searchText: String? = nil
    ) async throws {
        try await write { try $0.put(key, value, expiresAt: expiresAt, searchText: searchText) }
    }

    /// Removes the record at `key`.
    public func delete(_ key: String) async throws {
        try await write { try $0.delete(key) }
    }

    /// The decoded entries in `range`, in key order.
    public func scan<T: Decodable & Sendable>(
        _ type: T.Type, _ range: KeyRange, limit: Int? = nil, reverse: Bool = false
    ) async throws -> [Entry<T>] {
        try await read { try $0.scan(type, range, limit: limit, reverse: reverse) }
    }

    /// The decoded entries whose search text matches every term, best first.
    public func search<T: Decodable & Sendable>(
        _ type: T.Type, _ terms: [String], in range: KeyRange = .all, limit: Int
    ) async throws -> [Entry<T>] {
        try await read { try $0.search(type, terms, in: range, limit: limit) }
    }
}

/// Applies migrations to a transaction given the current version; shared by every backend.
public enum MigrationRunner {
    /// Runs the migrations newer than `current`; returns the new version.
    public static func run(
        _ migrations: [Migration], from current: Int, namespace: String, in transaction: any StoreTransaction
    ) throws -> Int {
        let ordered = migrations.sorted { $0.version < $1.version }
        let supported = ordered.last?.version ?? 0
        guard current <= supported else {
            throw PersistenceError.newerSchema(namespace: namespace, found: current, supported: supported)
        }
        var version = current
        for migration in ordered where migration.version > current {
            try migration.apply(transaction)
            version = migration.version
        }
        return version
    }
}

/// Why a store operation failed.
public enum PersistenceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stored value could not be decoded as the requested type.
    case decoding(key: String, type: String, reason: String)
    /// A value could not be encoded.
    case encoding(key: String, type: String, reason: String)
    /// The data was written by a newer version of the program.
    case newerSchema(namespace: String, found: Int, supported: Int)
    /// The storage itself failed (file, permissions, SQLite).
    case storage(String)
    /// A database server could not be used: down, refusing the login, without the database, without TLS, or
    /// too contended to commit. The reason never holds a password; the cause decides what the user is told to do.
    case unavailable(String, cause: UnavailableCause = .unreachable)

    /// A one-line description.
    public var description: String {
        switch self {
        case .decoding(let key, let type, let reason): "stored record \"\(key)\" is not a valid \(type): \(reason)"
        case .encoding(let key, let type, let reason): "could not encode \(type) for \"\(key)\": \(reason)"
        case .newerSchema(let namespace, let found, let supported):
            "the \(namespace) data is at schema version \(found), newer than this folio supports (\(supported))"
        case .storage(let reason): "storage failed: \(reason)"
        case .unavailable(let reason, .conflicts): "the database kept refusing the transaction: \(reason)"
        case .unavailable(let reason, _): "cannot reach the database: \(reason)"
        }
    }
}

/// Why a database server could not be used. Each has its own remedy, so each gets its own hint.
public enum UnavailableCause: Sendable, Equatable {
    /// Nothing answered: the server is down, refused the connection, its host name did not resolve, or it
    /// closed the connection (stopped or restarting).
    case unreachable
    /// The server refused the role or its password (SQLSTATE 28P01, 28000) or wanted a password the URL lacks.
    case login
    /// The server has no database of the URL's name (SQLSTATE 3D000).
    case unknownDatabase
    /// The URL's `sslmode` requires TLS and the server does not offer it, or TLS could not be set up.
    case tls
    /// Other writers kept changing what the transaction read: every run was rolled back on a serialisation
    /// conflict, up to the retry limit, so nothing was stored and running it again later is safe.
    case conflicts
}
