import Caching
import Failures
import Foundation
import Networking
import Persistence
import Timing

/// The next-to-go use cases: one board, fetched under the shared cache policy with the saved copy as the
/// fallback, and a board kept live. Built from plain dependencies, so a reusing app needs only this target and the
/// live kernels: `NextToGoService(http: client, store: store, timing: .live, settings: RacingSettings())`.
public struct NextToGoService: Sendable {
    /// Where the last fetched board is saved, so an offline run and a failed request still have something to show.
    public static let boardKey = "next-to-go/latest"

    /// Where the last board fetched for `filter` is saved: a board is fetched for its filter (the request grows
    /// until enough races match), so a board saved for one filter never answers for another.
    public static func boardKey(for filter: RaceFilter) -> String {
        guard !filter.isEmpty else { return boardKey }
        let categories = filter.categories.map(\.rawValue).sorted().joined(separator: ",")
        let countries = filter.countries.sorted().joined(separator: ",")
        return "\(boardKey)?categories=\(categories)&countries=\(countries)"
    }

    private let http: any HTTPClient
    private let store: any KeyValueStore
    private let timing: Timing
    private let settings: RacingSettings
    private let page: PagePolicy?
    private let decoded: DecodedRecords?

    /// Creates the service.
    /// - Parameters:
    ///   - http: The transport to the racing service.
    ///   - store: The feature's store, where the last board is saved.
    ///   - timing: The wall clock for countdowns and expiry, and the sleeping clock for deadlines.
    ///   - settings: The service root and timings.
    ///   - page: For a server's pages: a saved board is shown at once while one refresh runs in the background,
    ///     nothing saved fails within the policy's deadline, and a failure is remembered. Nil for the terminal.
    ///   - decoded: Where a long-lived reader without the page policy (the overview's agenda in a server) keeps
    ///     the saved board decoded while its bytes are the same.
    public init(
        http: any HTTPClient, store: any KeyValueStore, timing: Timing, settings: RacingSettings,
        page: PagePolicy? = nil, decoded: DecodedRecords? = nil
    ) {
        self.http = http
        self.store = store
        self.timing = timing
        self.settings = settings
        self.page = page
        self.decoded = decoded
    }

    /// The loader over the configured service.
    public var loader: NextToGoLoader {
        NextToGoLoader(source: NedsRacingClient(http: http, baseURL: settings.baseURL))
    }

    /// What is fetched, for messages: the endpoint without its query.
    public var source: String {
        settings.baseURL.appendingPathAndQuery(path: "/rest/v1/racing/", query: []).absoluteString
    }

    /// The board `request` asks for, now.
    /// - Parameter mode: ``FetchMode/refresh`` asks the service every time (the terminal); ``FetchMode/normal``
    ///   uses a board saved less than ``RacingSettings/freshness`` ago (pages, with the page policy);
    ///   ``FetchMode/offline`` never asks.
    /// - Throws: ``FolioError`` (unavailable) when the service fails and nothing usable is saved, or every saved
    ///   race has left the board; the ``NetworkError`` of a failure a retry would not cure (a 404 means the
    ///   service root is wrong, which only the caller can name).
    public func nextRaces(_ request: BoardRequest, mode: FetchMode) async throws -> NextRacesReport {
        let (loader, timing, count, filter) = (loader, timing, request.count, request.filter)
        let cached = try await CachedFetch(
            store: store, timing: timing, fallsBack: NetworkError.isTransient, page: page, decoded: decoded
        )
        .value(
            NextToGoResult.self, key: Self.boardKey(for: filter), ttl: settings.freshness, mode: mode, source: source
        ) {
            try await loader.load(count: count, filter: filter, now: { timing.now() })
        }
        let now = timing.now()
        let races = cached.value.board(count: count, filter: filter, at: now)
        if cached.fromCache, races.isEmpty {
            throw cached.failure
                ?? FolioError(
                    .unavailable, "no races left in the saved board",
                    why:
                        "every race saved at \(LocalDateTime(cached.asOf, in: .current).hourMinute) is more than a minute past its start",
                    hint: "fetch the board again once the service answers")
        }
        return NextRacesReport(
            races: races.map { RaceEntry($0, now: now) }, count: count, now: now, asOf: cached.asOf,
            fromSavedCopy: cached.fromCache, isStale: cached.isStale, failure: cached.failure?.line,
            skipped: cached.value.skipped, exhausted: cached.value.exhausted,
            requestedCount: cached.value.requestedCount)
    }

    /// A board kept live: redrawn on every tick of `ticker`, refilled as races leave, refreshed every
    /// ``RacingSettings/refresh``, retried with backoff while the service fails.
    /// - Parameters:
    ///   - initial: Races already loaded, shown before the first fetch ends.
    ///   - describe: How an error reads on a status line.
    public func liveBoard(
        _ request: BoardRequest, ticker: Ticker, initial: NextToGoResult? = nil,
        describe: @escaping @Sendable (any Error) -> String = { "\($0)" }
    ) -> LiveBoard {
        LiveBoard(
            loader: loader, count: request.count, filter: request.filter, timing: timing, ticker: ticker,
            settings: RefreshScheduler.Settings(interval: settings.refresh), initial: initial, describe: describe)
    }
}
