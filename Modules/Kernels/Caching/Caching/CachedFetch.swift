import Failures
import Foundation
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
/// The caller says which failures fall back to a stale copy: typically only those a retry later might cure
/// (timeouts, connection failures, 429, 5xx), while a 404 or an undecodable body is reported, because serving old
/// data would hide a real change. Every other failure propagates unchanged.
public struct CachedFetch: Sendable {
    private let store: any KeyValueStore
    private let timing: Timing
    private let fallsBack: @Sendable (any Error) -> Bool
    private let page: PagePolicy?
    private let decoded: DecodedRecords?

    /// Creates the policy over a store and a wall clock.
    /// - Parameters:
    ///   - fallsBack: Whether a failed fetch may be answered with the stale copy.
    ///   - page: For a server's pages: in ``FetchMode/normal`` a stale copy is shown at once while one refresh runs
    ///     in the background, an uncached item is given up after the page's deadline, and a failure is remembered
    ///     so that the next views fail at once instead of waiting for the service again. Nil for the command line,
    ///     which waits for its one request.
    ///   - decoded: Where values decoded from the saved copy are kept while its bytes are the same, for a
    ///     long-lived reader without the page policy; the page policy's own when it has one.
    public init(
        store: any KeyValueStore, timing: Timing, fallsBack: @escaping @Sendable (any Error) -> Bool,
        page: PagePolicy? = nil, decoded: DecodedRecords? = nil
    ) {
        self.store = store
        self.timing = timing
        self.fallsBack = fallsBack
        self.page = page
        self.decoded = page?.decoded ?? decoded
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
        let decoded = decoded
        return try await value(
            key: key, ttl: ttl, mode: mode, source: source, load: load,
            read: { transaction in
                guard let record = try transaction.get(key) else { return nil }
                let decode = { (bytes: Data) in try RecordCoding.decode(type, from: bytes, key: key) }
                let value = try decoded.map { try $0.value(type, of: record, decode: decode) } ?? decode(record.value)
                return Entry(key: key, value: value, storedAt: record.storedAt, expiresAt: record.expiresAt)
            },
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
        if let page, mode == .normal {
            return try await pageValue(
                key: key, ttl: ttl, source: source, cached: cached, page: page, now: now, load: load, save: save)
        }
        do {
            return try await loadAndSave(ttl: ttl, load: load, save: save)
        } catch  where fallsBack(error) {
            let failure = FolioError(.unavailable, "could not reach \(source)", why: String(describing: error))
            let fallback = mode == .refresh ? try await store.read(read) : cached
            guard let cached = fallback else {
                throw FolioError(
                    .unavailable, "\(source) is unavailable and nothing is cached", why: String(describing: error),
                    hint: "try again later")
            }
            return Cached(value: cached.value, asOf: cached.storedAt, isStale: true, fromCache: true, failure: failure)
        }
    }

    /// ``FetchMode/normal`` for a page: a stale copy at once (with one refresh in the background), an uncached
    /// item within the page's deadline, and a remembered failure without asking again.
    private func pageValue<T: Sendable>(
        key: String, ttl: Duration, source: String, cached: Entry<T>?, page: PagePolicy, now: Date,
        load: @escaping @Sendable () async throws -> T,
        save: @escaping @Sendable (any StoreTransaction, T, Date) throws -> Void
    ) async throws -> Cached<T> {
        let remembered = await page.memory.failure(for: key, at: now)
        if let cached {
            if remembered == nil, await page.memory.beginRefresh(of: key) {
                let refresh = self
                Task {
                    defer { Task { await page.memory.endRefresh(of: key) } }
                    _ = try? await refresh.fetchAndSave(
                        key: key, ttl: ttl, source: source, hasCopy: true, page: page, load: load, save: save)
                }
            }
            return Cached(
                value: cached.value, asOf: cached.storedAt, isStale: true, fromCache: true, failure: remembered)
        }
        if let remembered { throw remembered }
        let deadline = page.deadline
        let timing = self.timing
        return try await withThrowingTaskGroup(of: Cached<T>?.self) { group in
            group.addTask {
                try await fetchAndSave(
                    key: key, ttl: ttl, source: source, hasCopy: false, page: page, load: load, save: save)
            }
            let clock = page.clock ?? timing.clock
            group.addTask {
                try await clock.sleep(for: deadline, tolerance: nil)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                let failure = FolioError(
                    .unavailable, "\(source) did not answer within \(DurationFormat.short(deadline))",
                    hint: "try again in a moment; the page shows what is saved once a fetch has succeeded")
                await page.memory.remember(failure, for: key, at: timing.now())
                throw failure
            }
            return value
        }
    }

    /// Fetches and saves, remembering a failure that a later attempt might cure, in words that fit whether a copy
    /// is saved (a stale page says the refresh failed, an empty one that nothing is saved).
    private func fetchAndSave<T: Sendable>(
        key: String, ttl: Duration, source: String, hasCopy: Bool, page: PagePolicy,
        load: @escaping @Sendable () async throws -> T,
        save: @escaping @Sendable (any StoreTransaction, T, Date) throws -> Void
    ) async throws -> Cached<T> {
        do {
            let fresh = try await loadAndSave(ttl: ttl, load: load, save: save)
            await page.memory.forget(key)
            return fresh
        } catch  where fallsBack(error) {
            // A refusal the caller already put in the user's words keeps them; anything else is not shown to a
            // browser (it may name URLs and bodies).
            let cause = (error as? FolioError)?.line
            let failure =
                hasCopy
                ? FolioError(.unavailable, "could not refresh \(source)", why: cause, hint: "the saved copy is shown")
                : FolioError(
                    .unavailable, "\(source) is unavailable and nothing is saved", why: cause, hint: "try again later")
            await page.memory.remember(failure, for: key, at: timing.now())
            throw failure
        }
    }

    /// Fetches the value and saves it, fresh for `ttl` from when it arrived.
    private func loadAndSave<T: Sendable>(
        ttl: Duration, load: @Sendable () async throws -> T,
        save: @escaping @Sendable (any StoreTransaction, T, Date) throws -> Void
    ) async throws -> Cached<T> {
        let fresh = try await load()
        let fetchedAt = timing.now()
        let expiresAt = fetchedAt.addingTimeInterval(ttl.seconds)
        try await store.write { transaction in try save(transaction, fresh, expiresAt) }
        return Cached(value: fresh, asOf: fetchedAt, isStale: false, fromCache: false)
    }
}
