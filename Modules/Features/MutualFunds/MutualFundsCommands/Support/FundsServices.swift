import Caching
import Failures
import FeatureKit
import Foundation
import Logging
import MutualFunds
import Networking
import Persistence
import Timing

/// The feature's services for one command run, built from the context: its settings, the MF API client and
/// the data behind the shared cache policy (fresh cache first, stale copy when the API fails, never the network
/// with `--offline`, always with `--refresh`). Commands do `let services = FundsServices(context: context)`.
struct FundsServices: Sendable {
    let context: FeatureContext
    private let resolved: Result<FundsSettings, FolioError>
    private let fetch: CachedFetch

    init(context: FeatureContext) {
        self.context = context
        do {
            resolved = .success(try FundsSettings(context.configuration))
        } catch {
            resolved = .failure(FolioError.from(error))
        }
        fetch = CachedFetch(store: context.store, timing: context.timing, fallsBack: NetworkError.isTransient)
    }

    /// The settings.
    /// - Throws: ``FolioError`` (usage) naming the malformed setting.
    func settings() throws -> FundsSettings { try resolved.get() }

    /// The MF API client.
    func client() throws -> MFAPIClient { MFAPIClient(baseURL: try settings().baseURL, http: context.http) }

    /// How a fetch treats the cache.
    /// - Throws: ``FolioError`` (usage) for malformed settings or `--refresh` with `--offline`.
    func mode(refresh: Bool) throws -> FetchMode {
        if refresh && context.offline {
            throw FolioError(
                .usage, "--refresh and --offline contradict each other",
                why: "--refresh fetches from the network, --offline never does")
        }
        _ = try settings()
        return context.offline ? .offline : refresh ? .refresh : .normal
    }

    // MARK: - Scheme list

    /// Makes sure a scheme list is stored (fetching it when the cache policy says so) and returns its info.
    func schemeList(refresh: Bool = false) async throws -> Cached<SchemeListInfo> {
        let mode = try mode(refresh: refresh)
        let settings = try settings()
        let client = try client()
        let cached = try await mapErrors {
            try await fetch.value(
                key: SchemeCatalog.infoKey, ttl: settings.listTTL, mode: mode, source: client.listURL.absoluteString,
                load: { ListSnapshot(info: nil, list: try await client.schemeList()) },
                read: { transaction in
                    try SchemeCatalog.info(in: transaction).map { entry in
                        Entry(
                            key: entry.key, value: ListSnapshot(info: entry.value, list: nil),
                            storedAt: entry.storedAt, expiresAt: entry.expiresAt)
                    }
                },
                save: { transaction, snapshot, expiresAt in
                    if let list = snapshot.list {
                        try SchemeCatalog.replace(with: list, expiresAt: expiresAt, in: transaction)
                    }
                })
        }
        let info =
            cached.value.info ?? cached.value.list.map {
                SchemeListInfo(count: $0.schemes.count, skippedRows: $0.skippedRows)
            } ?? SchemeListInfo(count: 0, skippedRows: 0)
        log(cached, what: "scheme list (\(info.count) schemes)")
        if !cached.fromCache && info.skippedRows > 0 {
            context.terminal.warn("\(info.skippedRows) malformed rows in the scheme list were skipped")
        }
        return cached.map { _ in info }
    }

    /// Searches the stored list, fetching it first when needed.
    func search(_ query: SchemeQuery, refresh: Bool = false) async throws
        -> (list: Cached<SchemeListInfo>, result: SchemeSearchResult)
    {
        let list = try await schemeList(refresh: refresh)
        let result = try await mapErrors { try await context.store.read { try SchemeSearch.run(query, in: $0) } }
        return (list, result)
    }

    /// The stored list's record for `code`, if a list is stored (never fetches).
    func storedRecord(code: Int) async -> SchemeRecord? {
        try? await context.store.read { try SchemeCatalog.record(code: code, in: $0) }
    }

    // MARK: - Histories

    /// A scheme's NAV history under the cache policy.
    /// - Throws: ``FolioError``: refused (exit 1) for an unknown or refused code, unavailable (69) when the
    ///   API cannot be reached and nothing is cached, data error (65) for an unreadable answer.
    func history(code: Int, refresh: Bool = false) async throws -> Cached<NAVHistory> {
        let mode = try mode(refresh: refresh)
        let settings = try settings()
        let client = try client()
        let cached = try await mapErrors {
            try await fetch.value(
                key: HistoryCache.key(code: code), ttl: settings.historyTTL, mode: mode,
                source: client.historyURL(code: code).absoluteString,
                load: { try await client.history(code: code) },
                read: { transaction in try HistoryCache.entry(code: code, in: transaction) },
                save: { transaction, history, expiresAt in
                    try HistoryCache.save(history, expiresAt: expiresAt, in: transaction)
                })
        }
        log(cached, what: "NAV history of \(code) (\(cached.value.series.count) points)")
        return cached
    }

    /// Several histories, at most `settings.concurrency` in flight, with a progress bar on a terminal.
    /// Every code is tried; the result holds each one's history or error, in the order given.
    /// - Throws: ``FolioError`` (usage) before fetching anything, for malformed settings or `--refresh` with
    ///   `--offline`.
    func histories(codes: [Int], label: String, refresh: Bool = false) async throws
        -> [Result<Cached<NAVHistory>, FolioError>]
    {
        _ = try mode(refresh: refresh)
        let settings = try settings()
        let bar = codes.count > 1 ? ProgressBar(label: label, total: codes.count, terminal: context.terminal) : nil
        defer { bar?.finish() }
        var results = [Result<Cached<NAVHistory>, FolioError>?](repeating: nil, count: codes.count)
        let limit = min(settings.concurrency, codes.count)
        // Plain loops rather than a nested function capturing the group: the nested-function form crashed
        // (index out of range on a valid index) in optimised builds with Swift 6.3.1.
        await withTaskGroup(of: IndexedHistory.self) { group in
            var next = 0
            while next < limit {
                let index = next
                group.addTask { await fetchIndexed(index, code: codes[index], refresh: refresh) }
                next += 1
            }
            while let finished = await group.next() {
                results[finished.index] = finished.result
                bar?.advance()
                if next < codes.count {
                    let index = next
                    group.addTask { await fetchIndexed(index, code: codes[index], refresh: refresh) }
                    next += 1
                }
            }
        }
        return results.map { $0! }
    }

    private struct IndexedHistory: Sendable {
        var index: Int
        var result: Result<Cached<NAVHistory>, FolioError>
    }

    private func fetchIndexed(_ index: Int, code: Int, refresh: Bool) async -> IndexedHistory {
        do {
            return IndexedHistory(index: index, result: .success(try await history(code: code, refresh: refresh)))
        } catch {
            return IndexedHistory(index: index, result: .failure(FolioError.from(error)))
        }
    }

    // MARK: - Messages

    /// With `-v`: where the data came from and how old it is.
    private func log<T>(_ cached: Cached<T>, what: String) {
        let source = cached.fromCache ? (cached.isStale ? "stale cache" : "cache") : "fetched from the MF API"
        context.logger.debug("\(what): \(source), as of \(FundsFormat.asOf(cached.asOf, now: context.timing.now()))")
    }

    /// Warns on stderr when `cached` is stale: how old it is and why a fresh copy was not fetched.
    func warnIfStale<T>(_ cached: Cached<T>, what: String) {
        guard cached.isStale else { return }
        let stamp = FundsFormat.asOf(cached.asOf, now: context.timing.now())
        var message = "\(what): stale, as of \(stamp)"
        if let failure = cached.failure {
            message += " — \(failure.what)" + (failure.why.map { ": \($0)" } ?? "")
        } else if context.offline {
            message += " — --offline uses the cache only"
        }
        context.terminal.warn(message)
    }

    // MARK: - Errors

    private func mapErrors<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as MFAPIError {
            throw Self.folioError(error, client: try client())
        } catch let error as NetworkError {
            // A 404 from the scheme list or search means the configured URL is wrong (FeatureKit's rule, 64);
            // a 404 for one scheme's history is the API's "no such scheme", handled above.
            guard case .status(404, _, _, _) = error else { throw error }
            throw FolioError.from(error, configuredBy: FundsSettings.urlKey, in: context.configuration)
        }
    }

    static func folioError(_ error: MFAPIError, client: MFAPIClient) -> FolioError {
        switch error {
        case .noSuchScheme(let code):
            FolioError(
                .refused, "no such scheme \(code)",
                why: "\(client.historyURL(code: code).absoluteString) has no NAVs for it",
                hint: "find scheme codes with: folio funds search <words>")
        case .rejected(let code, let reason):
            FolioError(
                .refused, "scheme code \(code) was refused",
                why: "\(client.historyURL(code: code).absoluteString) answered HTTP 400: \(reason)")
        case .noUsableNAVs(let code, let skipped):
            FolioError(
                .dataError, "scheme \(code) has no usable NAVs",
                why: "all \(skipped) rows from \(client.historyURL(code: code).absoluteString) were malformed")
        }
    }
}

/// What the list's cache entry carries: the info when read from the store, the whole list when just fetched
/// (only so it can be saved as records).
struct ListSnapshot: Sendable {
    var info: SchemeListInfo?
    var list: SchemeList?
}
