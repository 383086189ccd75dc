import Foundation
import Synchronization

/// A database held in memory: the same semantics as the SQLite backend (ordered keys, atomic serialised
/// transactions, expiry, search), nothing on disk. Production-legal; also the fast backend for tests.
public final class InMemoryDatabase: KeyValueDatabase {
    private let namespaces = Mutex<[String: NamespaceState]>([:])
    private let now: @Sendable () -> Date

    /// Creates an empty database; `now` stamps each record's `storedAt`.
    public init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
    }

    /// The store for `namespace`.
    public func store(namespace: String) -> any KeyValueStore {
        InMemoryStore(namespace: namespace, database: self)
    }

    fileprivate func read<R: Sendable>(_ namespace: String, _ body: (any StoreTransaction) throws -> R) throws -> R {
        let snapshot = namespaces.withLock { $0[namespace] ?? NamespaceState() }
        return try body(InMemoryTransaction(state: snapshot, now: now))
    }

    fileprivate func write<R: Sendable>(
        _ namespace: String, hook: WriteHook?, _ body: (any StoreTransaction) throws -> R
    ) throws -> R {
        try namespaces.withLock { all in
            let transaction = InMemoryTransaction(state: all[namespace] ?? NamespaceState(), now: now)
            let result = try body(transaction)
            var hooked: (String, InMemoryTransaction)?
            if let hook, transaction.wrote {
                let other = InMemoryTransaction(state: all[hook.namespace] ?? NamespaceState(), now: now)
                try hook.step(other)
                hooked = (hook.namespace, other)
            }
            transaction.commit(into: &all, namespace: namespace)
            if let (other, written) = hooked { written.commit(into: &all, namespace: other) }
            return result
        }
    }

    fileprivate func version(_ namespace: String) -> Int {
        namespaces.withLock { $0[namespace]?.version ?? 0 }
    }

    fileprivate func migrate(_ namespace: String, _ migrations: [Migration]) throws {
        try namespaces.withLock { all in
            let transaction = InMemoryTransaction(state: all[namespace] ?? NamespaceState(), now: now)
            let version = try MigrationRunner.run(
                migrations, from: transaction.state.version, namespace: namespace, in: transaction)
            transaction.state.version = version
            transaction.commit(into: &all, namespace: namespace)
        }
    }
}

struct NamespaceState {
    var records: [String: RawRecord] = [:]
    var searchWords: [String: [String]] = [:]
    var searchTexts: [String: String] = [:]
    /// When each record was first stored, the order ``InMemoryTransaction/firstSearchHits`` reads in.
    var storedOrder: [String: Int] = [:]
    var nextStoredOrder = 0
    var sortedKeys: [String]? = []
    var version = 0
}

/// Works on a private copy of the namespace (copy-on-write), so a transaction that throws leaves nothing behind.
final class InMemoryTransaction: StoreTransaction {
    var state: NamespaceState
    /// Whether a put or delete was made (a ``WriteHook`` runs only then).
    private(set) var wrote = false
    private let now: @Sendable () -> Date

    init(state: NamespaceState, now: @escaping @Sendable () -> Date) {
        self.state = state
        self.now = now
    }

    /// Sorting once at commit keeps later reads from re-sorting a large namespace on every scan.
    func commit(into all: inout [String: NamespaceState], namespace: String) {
        _ = sortedKeys()
        all[namespace] = state
    }

    func get(_ key: String) throws -> RawRecord? { state.records[key] }

    func put(_ key: String, value: Data, expiresAt: Date?, searchText: String?) throws {
        try restore(
            ExportedRecord(
                record: RawRecord(key: key, value: value, storedAt: now(), expiresAt: expiresAt),
                searchText: searchText))
    }

    func restore(_ exported: ExportedRecord) throws {
        wrote = true
        let key = exported.record.key
        if state.records[key] == nil {
            state.sortedKeys = nil
            state.storedOrder[key] = state.nextStoredOrder
            state.nextStoredOrder += 1
        }
        state.records[key] = exported.record
        state.searchWords[key] = exported.searchText.map(SearchText.words)
        state.searchTexts[key] = exported.searchText
    }

    func export(_ range: KeyRange) throws -> [ExportedRecord] {
        keys(in: range)
            .sorted { (state.storedOrder[$0] ?? 0) < (state.storedOrder[$1] ?? 0) }
            .compactMap { key in
                state.records[key].map { ExportedRecord(record: $0, searchText: state.searchTexts[key]) }
            }
    }

    func delete(_ key: String) throws {
        wrote = true
        if state.records.removeValue(forKey: key) != nil {
            state.searchWords[key] = nil
            state.searchTexts[key] = nil
            state.storedOrder[key] = nil
            state.sortedKeys = nil
        }
    }

    func delete(_ range: KeyRange) throws -> Int {
        wrote = true
        let keys = keys(in: range)
        for key in keys {
            state.records[key] = nil
            state.searchWords[key] = nil
            state.searchTexts[key] = nil
            state.storedOrder[key] = nil
        }
        if !keys.isEmpty { state.sortedKeys = nil }
        return keys.count
    }

    func scan(_ range: KeyRange, limit: Int?, reverse: Bool) throws -> [RawRecord] {
        var keys = keys(in: range)
        if reverse { keys.reverse() }
        if let limit { keys = Array(keys.prefix(max(0, limit))) }
        return keys.compactMap { state.records[$0] }
    }

    func count(_ range: KeyRange) throws -> Int { keys(in: range).count }

    func search(_ terms: [String], in range: KeyRange, limit: Int) throws -> [RawRecord] {
        matchingKeys(terms, in: range, limit: limit).compactMap { state.records[$0] }
    }

    func searchHits(_ terms: [String], in range: KeyRange, limit: Int) throws -> [SearchHit] {
        matchingKeys(terms, in: range, limit: limit).compactMap { key in
            state.searchTexts[key].map { SearchHit(key: key, text: $0) }
        }
    }

    func firstSearchHits(
        _ terms: [String], wholeWords: [String], in range: KeyRange, limit: Int
    ) throws
        -> SearchHitList
    {
        let prefixes = SearchText.terms(terms)
        let whole = SearchText.terms(wholeWords)
        guard !prefixes.isEmpty || !whole.isEmpty else { return SearchHitList(hits: [], hasMore: false) }
        let keys = state.searchWords.compactMap { key, words -> String? in
            guard range.contains(key), whole.allSatisfy(words.contains),
                prefixes.allSatisfy({ term in words.contains { $0.hasPrefix(term) } })
            else { return nil }
            return key
        }
        .sorted { state.storedOrder[$0, default: 0] < state.storedOrder[$1, default: 0] }
        let kept = keys.prefix(max(0, limit))
        return SearchHitList(
            hits: kept.compactMap { key in state.searchTexts[key].map { SearchHit(key: key, text: $0) } },
            hasMore: keys.count > kept.count)
    }

    private func matchingKeys(_ terms: [String], in range: KeyRange, limit: Int) -> [String] {
        let wanted = SearchText.terms(terms)
        guard !wanted.isEmpty else { return [] }
        var matches: [(key: String, score: Int)] = []
        for (key, words) in state.searchWords where range.contains(key) {
            var score = 0
            var all = true
            for term in wanted {
                guard let index = words.firstIndex(where: { $0.hasPrefix(term) }) else {
                    all = false
                    break
                }
                score += (words[index] == term ? 0 : 1) + index
            }
            if all { matches.append((key, score * 1000 + words.count)) }
        }
        matches.sort { $0.score != $1.score ? $0.score < $1.score : keyPrecedes($0.key, $1.key) }
        return matches.prefix(max(0, limit)).map(\.key)
    }

    private func keys(in range: KeyRange) -> [String] {
        let sorted = sortedKeys()
        let start = range.lower.map { lower in sorted.partitionPoint { !keyPrecedes($0, lower) } } ?? 0
        let end = range.upper.map { upper in sorted.partitionPoint { !keyPrecedes($0, upper) } } ?? sorted.count
        return start < end ? Array(sorted[start..<end]) : []
    }

    private func sortedKeys() -> [String] {
        if let sorted = state.sortedKeys { return sorted }
        let sorted = state.records.keys.sorted(by: keyPrecedes)
        state.sortedKeys = sorted
        return sorted
    }
}

extension Array {
    /// The first index whose element satisfies `predicate`, for a predicate false then true along the array.
    fileprivate func partitionPoint(_ predicate: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if predicate(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}

struct InMemoryStore: KeyValueStore {
    let namespace: String
    let database: InMemoryDatabase

    func read<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R {
        try database.read(namespace, body)
    }

    func write<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R {
        defer { SnapshotScope.current?.forgetShared() }
        return try database.write(
            namespace, hook: WriteHook.current.flatMap { $0.applies(to: namespace) ? $0 : nil }, body)
    }

    func schemaVersion() async throws -> Int { database.version(namespace) }

    func migrate(_ migrations: [Migration]) async throws {
        try database.migrate(namespace, migrations)
    }
}

extension InMemoryDatabase: WholeDatabase {
    /// Every namespace read under one lock.
    public func snapshot(_ namespaces: [String], excluding: [String: Set<String>]) async throws -> [NamespaceContents] {
        let (all, now) = (self.namespaces.withLock { $0 }, now)
        return try namespaces.map { namespace in
            let state = all[namespace] ?? NamespaceState()
            let excluded = excluding[namespace] ?? []
            let records = try InMemoryTransaction(state: state, now: now).export(.all)
                .filter { !excluded.contains($0.record.key) }
            return NamespaceContents(namespace: namespace, schemaVersion: state.version, records: records)
        }
    }

    /// Every namespace written under one lock, committed only once all of them are filled.
    public func load(_ contents: [NamespaceContents], replacing: Bool, keeping: [String: Set<String>]) async throws {
        let now = now
        try namespaces.withLock { all in
            var filled = all
            for namespace in contents {
                let transaction = InMemoryTransaction(state: all[namespace.namespace] ?? NamespaceState(), now: now)
                try NamespaceLoad.fill(
                    transaction, with: namespace, replacing: replacing, keeping: keeping[namespace.namespace] ?? [])
                transaction.state.version = namespace.schemaVersion
                transaction.commit(into: &filled, namespace: namespace.namespace)
            }
            all = filled
        }
    }
}
