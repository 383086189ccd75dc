import Caching
import Failures
import Foundation
import Networking
import Persistence
import Timing

/// The funds use cases over the MF API and the store: search, a scheme's report, its history, SIPs,
/// comparisons and favourites, each under the cache-first / stale-if-error policy (a fresh cached copy first,
/// the stale one when the API fails, never the network offline, always when refreshing).
///
/// Every face builds one from its dependencies and calls it: the terminal with no page policy (it waits for
/// its one request), a web page with the server's ``Caching/PagePolicy`` (a stale copy at once, an uncached
/// scheme within the page's deadline, failures remembered). Failures are ``Failures/FolioError``s in the user's
/// words; the URLs and bodies behind them go to `diagnostics` (folio's `-v` log).
public struct FundsService: Sendable {
    /// The settings in force.
    public let settings: FundsSettings
    package let store: any KeyValueStore
    package let timing: Timing
    let client: MFAPIClient
    let http: any HTTPClient
    let diagnostics: @Sendable (String) -> Void
    /// The server's page policy (and its memory of decoded histories), nil on the command line.
    let page: PagePolicy?
    /// The page's deadline, shared by every fetch of the page this service serves; nil on the command line.
    let budget: PageBudget?

    /// Creates the service.
    /// - Parameters:
    ///   - page: The server's page policy, or nil on the command line. A service made with one serves one page:
    ///     its fetches share the page's deadline, counted from the first (the MF API and AMFI's file asked in turn
    ///     wait one deadline between them, not one each).
    ///   - diagnostics: Where the details of upstream failures (URLs, statuses, bodies) are written.
    public init(
        http: any HTTPClient, store: any KeyValueStore, timing: Timing, settings: FundsSettings,
        page: PagePolicy? = nil, diagnostics: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.settings = settings
        self.store = store
        self.timing = timing
        self.client = MFAPIClient(baseURL: settings.baseURL, http: http)
        self.http = http
        self.page = page
        self.budget = page.map { PageBudget(policy: $0, timing: timing) }
        self.diagnostics = diagnostics
    }

    // MARK: - Histories

    /// A scheme's NAV history under the cache policy.
    /// - Throws: ``FolioError``: not found for an unknown code, invalid for one the API rejects, unavailable
    ///   when the API cannot be reached and nothing is cached, data error for an unreadable answer.
    public func history(code: Int, mode: FetchMode = .normal) async throws -> Fetched<NAVHistory> {
        let client = client
        let diagnostics = diagnostics
        let decoded = page?.decoded
        let cached = try await mapped {
            try await fetchCached(
                fallsBack: UpstreamFailure.fallsBack, key: HistoryCache.key(code: code), ttl: settings.historyTTL,
                mode: mode, source: "the MF API's history of scheme \(code)",
                load: { try await UpstreamFailure.wording(diagnostics) { try await client.history(code: code) } },
                read: { transaction in try HistoryCache.entry(code: code, in: transaction, decoded: decoded) },
                save: { transaction, history, expiresAt in
                    try HistoryCache.save(history, expiresAt: expiresAt, in: transaction)
                })
        }
        return Fetched(value: cached.value, freshness: Freshness(cached))
    }

    /// Several histories, at most ``FundsSettings/concurrency`` in flight; every code is tried and the result
    /// holds each one's history or refusal, in the order given. `progress` is called once per finished code.
    public func histories(
        codes: [Int], mode: FetchMode = .normal, progress: @Sendable () -> Void = {}
    ) async -> [Result<Fetched<NAVHistory>, FolioError>] {
        var results = [Result<Fetched<NAVHistory>, FolioError>?](repeating: nil, count: codes.count)
        let limit = min(settings.concurrency, codes.count)
        // Plain loops rather than a nested function capturing the group: the nested-function form crashed
        // (index out of range on a valid index) in optimised builds with Swift 6.3.1.
        await withTaskGroup(of: (Int, Result<Fetched<NAVHistory>, FolioError>).self) { group in
            var next = 0
            while next < limit {
                let index = next
                group.addTask { (index, await attempt(code: codes[index], mode: mode)) }
                next += 1
            }
            while let (index, result) = await group.next() {
                results[index] = result
                progress()
                if next < codes.count {
                    let index = next
                    group.addTask { (index, await attempt(code: codes[index], mode: mode)) }
                    next += 1
                }
            }
        }
        return results.map { $0! }
    }

    private func attempt(code: Int, mode: FetchMode) async -> Result<Fetched<NAVHistory>, FolioError> {
        do {
            return .success(try await history(code: code, mode: mode))
        } catch {
            return .failure(FolioError.funds(error))
        }
    }

    // MARK: - Reports

    /// What `funds show` reports: meta, latest NAV and its age, returns, risk over `range`, freshness; the latest
    /// NAV from AMFI's file when the MF API is unavailable.
    /// - Throws: ``FolioError`` as ``history(code:mode:)``; unavailable naming both failures when AMFI cannot
    ///   stand in either.
    public func report(
        code: Int, range: HistoryRange = .oneYear, mode: FetchMode = .normal
    ) async throws
        -> FundShowReport
    {
        try await reportWithHistory(code: code, range: range, mode: mode).report
    }

    /// ``report(code:range:mode:)`` with the history and the analytics behind it, for faces that chart it. When
    /// the MF API is unavailable and nothing of the history is cached, AMFI's file gives the latest NAV
    /// (``FundShowReport/latestNAVSource`` `amfi`, a one-NAV history, every figure needing the history null).
    public func reportWithHistory(
        code: Int, range: HistoryRange = .oneYear, mode: FetchMode = .normal
    ) async throws
        -> (report: FundShowReport, history: NAVHistory, analytics: FundReport, freshness: Freshness)
    {
        let fetched: Fetched<NAVHistory>
        do {
            fetched = try await history(code: code, mode: mode)
        } catch let failure as FolioError where failure.kind == .unavailable {
            // The latest NAV is also in AMFI's daily file: one request that may work when the MF API does not.
            return try await amfiReport(code: code, range: range, mode: mode, because: failure)
        }
        guard let analytics = FundReport(history: fetched.value, range: range, riskFreeRate: settings.riskFreeRate)
        else { throw FolioError(.dataError, "scheme \(code) has no NAVs") }
        let report = FundShowReport(
            history: fetched.value, report: analytics, today: Freshness.todayInIndia(timing.now()),
            freshness: fetched.freshness)
        return (report, fetched.value, analytics, fetched.freshness)
    }

    /// Schemes side by side over `range`, each code once in the order given.
    /// - Throws: ``FolioError``: the scheme's own refusal when one cannot be compared, or one naming each
    ///   scheme when several cannot.
    public func compare(
        codes: [Int], range: HistoryRange = .oneYear, mode: FetchMode = .normal, progress: @Sendable () -> Void = {}
    ) async throws -> CompareReport {
        let report = try await compareEach(codes: codes, range: range, mode: mode, progress: progress)
        if let refusal = report.refusal { throw refusal }
        return report
    }

    /// Schemes side by side over `range`, each code once in the order given, with each one that cannot be
    /// compared and why (a page shows what it can and names the rest).
    /// - Throws: ``FolioError`` (invalid, blaming `codes`) for fewer than two different codes.
    public func compareEach(
        codes: [Int], range: HistoryRange = .oneYear, mode: FetchMode = .normal, progress: @Sendable () -> Void = {}
    ) async throws -> CompareReport {
        var seen = Set<Int>()
        let unique = codes.filter { seen.insert($0).inserted }
        guard unique.count >= 2 else {
            throw FolioError(.invalid, "give at least two different scheme codes", field: "codes")
        }
        let results = await histories(codes: unique, mode: mode, progress: progress)
        var report = CompareReport(rows: [], histories: [])
        for (code, result) in zip(unique, results) {
            switch result {
            case .failure(let error):
                report.failures.append(CompareFailure(code: code, error: error))
            case .success(let history):
                guard
                    let analytics = FundReport(
                        history: history.value, range: range, riskFreeRate: settings.riskFreeRate)
                else {
                    report.failures.append(
                        CompareFailure(code: code, error: FolioError(.dataError, "scheme \(code) has no NAVs")))
                    continue
                }
                report.rows.append(CompareRow(history: history.value, report: analytics, freshness: history.freshness))
                report.histories.append(history)
            }
        }
        return report
    }

    // MARK: - Search

    /// Searches the scheme list (fetched first when the cache policy says so).
    /// - Throws: ``FolioError``: unavailable when the list cannot be fetched and none is stored.
    public func search(_ query: SchemeQuery, mode: FetchMode = .normal) async throws -> SchemeSearchReport {
        let list = try await schemeList(mode: mode)
        let result = try await mapped { try await store.read { try SchemeSearch.run(query, in: $0) } }
        return SchemeSearchReport(
            rows: result.records.map(SchemeRow.init), hasMore: result.hasMore, listCount: list.value.count,
            skippedRows: list.freshness.fromCache ? 0 : list.value.skippedRows, freshness: list.freshness,
            matchCount: result.matchCount)
    }

    /// Makes sure a scheme list is stored (fetching it when the cache policy says so) and returns its info.
    public func schemeList(mode: FetchMode = .normal) async throws -> Fetched<SchemeListInfo> {
        let client = client
        let diagnostics = diagnostics
        let cached = try await mapped {
            try await fetchCached(
                fallsBack: UpstreamFailure.fallsBack, key: SchemeCatalog.infoKey, ttl: settings.listTTL, mode: mode,
                source: "the MF API's scheme list",
                load: {
                    ListSnapshot(list: try await UpstreamFailure.wording(diagnostics) { try await client.schemeList() })
                },
                read: { transaction in
                    try SchemeCatalog.info(in: transaction).map { entry in
                        Entry(
                            key: entry.key, value: ListSnapshot(info: entry.value), storedAt: entry.storedAt,
                            expiresAt: entry.expiresAt)
                    }
                },
                save: { transaction, snapshot, expiresAt in
                    if let list = snapshot.list {
                        try SchemeCatalog.replace(with: list, expiresAt: expiresAt, in: transaction)
                    }
                })
        }
        return Fetched(value: cached.value.info, freshness: Freshness(cached))
    }

    /// Runs `body`, turning whatever it throws into a ``FolioError`` in the user's words; the store's own failures
    /// pass as they are, for the faces to map as every feature's.
    package func mapped<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as StorageFileError {
            // Folio's own store refused: the faces name the file and its exit code (77 when it may not be written),
            // which the funds service's words would hide under an internal failure (70).
            throw error
        } catch let error as PersistenceError {
            throw error
        } catch {
            throw FolioError.funds(error)
        }
    }
}

/// What the list's cache entry carries: the info when read from the store, and the whole list as well when
/// just fetched (only so it can be saved as records).
struct ListSnapshot: Sendable {
    var info: SchemeListInfo
    var list: SchemeList?

    init(info: SchemeListInfo) {
        self.info = info
    }

    init(list: SchemeList) {
        self.info = SchemeListInfo(count: list.schemes.count, skippedRows: list.skippedRows)
        self.list = list
    }
}
