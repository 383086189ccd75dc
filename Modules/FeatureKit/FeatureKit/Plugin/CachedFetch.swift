import Foundation
import Networking
import Persistence
import Timing

/// How a command wants its remote data: the cache when fresh, the network when not, never the network
/// (`--offline`), or the network first whatever the cache says (`--refresh`).
public enum FetchMode: Sendable, Equatable {
    /// Fresh cache → no request; expired or missing → fetch, and on failure serve the stale copy.
    case normal
    /// Cache only; nothing cached is an error.
    case offline
    /// Fetch even when the cache is fresh; on failure serve the cached copy, marked stale.
    case refresh
}

/// A value with where it came from and how old it is.
public struct Cached<Value: Sendable>: Sendable {
    /// The value.
    public var value: Value
    /// When the value was fetched from the service.
    public var asOf: Date
    /// Whether the value is past its freshness (or was served because the service failed).
    public var isStale: Bool
    /// Whether the value came from the local cache rather than a request made now.
    public var fromCache: Bool
    /// The failure that made a stale copy necessary, if any.
    public var failure: FolioError?

    /// Creates a cached value.
    public init(value: Value, asOf: Date, isStale: Bool, fromCache: Bool, failure: FolioError? = nil) {
        self.value = value
        self.asOf = asOf
        self.isStale = isStale
        self.fromCache = fromCache
        self.failure = failure
    }

    /// The same metadata around a transformed value.
    public func map<T: Sendable>(_ transform: (Value) throws -> T) rethrows -> Cached<T> {
        Cached<T>(value: try transform(value), asOf: asOf, isStale: isStale, fromCache: fromCache, failure: failure)
    }
}

/// The cache-first / stale-if-error policy every feature shares, over the feature's store.
///
/// Only failures that a retry later might cure (timeouts, connection failures, 429, 5xx) fall back to a
/// stale copy; a 404 or an undecodable body is reported, because serving old data would hide a real change.
public struct CachedFetch: Sendable {
    private let store: any KeyValueStore
    private let timing: Timing

    /// Creates the policy over a store and a wall clock.
    public init(store: any KeyValueStore, timing: Timing) {
        self.store = store
        self.timing = timing
    }

    /// Returns the value at `key`, fetching it with `load` as `mode` and freshness `ttl` require.
    /// - Parameters:
    ///   - source: What is fetched from where, for messages (`https://api.mfapi.in/mf/122639`).
    /// - Throws: ``FolioError`` (unavailable, exit 69) when nothing usable is cached and the fetch fails or
    ///   `mode` is offline; the mapped error for non-transient failures.
    public func value<T: Codable & Sendable>(
        _ type: T.Type, key: String, ttl: Duration, mode: FetchMode, source: String,
        load: @escaping @Sendable () async throws -> T
    ) async throws -> Cached<T> {
        try await value(
            key: key, ttl: ttl, mode: mode, source: source, load: load,
            read: { transaction in try transaction.get(type, key) },
            save: { transaction, value, expiresAt in try transaction.put(key, value, expiresAt: expiresAt) })
    }

    /// The general form: the caller says how the value is read from and written to the store (a scheme
    /// list saved as 45,000 searchable records rather than one blob, say). The entry's `storedAt` is the
    /// "as of" time; its `expiresAt` its freshness.
    public func value<T: Sendable>(
        key: String, ttl: Duration, mode: FetchMode, source: String,
        load: @escaping @Sendable () async throws -> T,
        read: @escaping @Sendable (any StoreTransaction) throws -> Entry<T>?,
        save: @escaping @Sendable (any StoreTransaction, T, Date) throws -> Void
    ) async throws -> Cached<T> {
        let now = timing.now()
        // With --refresh the copy is only a fallback, read when the request fails.
        let cached = mode == .refresh ? nil : try await store.read(read)
        if mode == .offline {
            guard let cached else {
                throw FolioError(
                    .unavailable, "no cached copy of \(source)", why: "--offline never uses the network",
                    hint: "run once without --offline to fill the cache")
            }
            return Cached(
                value: cached.value, asOf: cached.storedAt, isStale: cached.isStale(at: now), fromCache: true)
        }
        if mode == .normal, let cached, !cached.isStale(at: now) {
            return Cached(value: cached.value, asOf: cached.storedAt, isStale: false, fromCache: true)
        }
        do {
            let fresh = try await load()
            let fetchedAt = timing.now()
            let expiresAt = fetchedAt.addingTimeInterval(ttl.seconds)
            try await store.write { transaction in try save(transaction, fresh, expiresAt) }
            return Cached(value: fresh, asOf: fetchedAt, isStale: false, fromCache: false)
        } catch let error as NetworkError where error.isTransient {
            let failure = FolioError(.unavailable, "could not reach \(source)", why: error.description)
            let fallback = mode == .refresh ? try await store.read(read) : cached
            guard let cached = fallback else {
                throw FolioError(
                    .unavailable, "\(source) is unavailable and nothing is cached", why: error.description,
                    hint: "try again later")
            }
            return Cached(value: cached.value, asOf: cached.storedAt, isStale: true, fromCache: true, failure: failure)
        }
    }
}

extension Duration {
    /// The duration in seconds as a `TimeInterval`.
    public var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
