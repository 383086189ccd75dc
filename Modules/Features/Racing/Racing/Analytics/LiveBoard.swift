import Foundation
import Timing

/// What a live board shows at one moment.
public struct LiveBoardState: Sendable {
    /// What produced this state.
    public enum Event: Sendable, Hashable {
        /// The board started; the first fetch is in flight.
        case started
        /// A tick of the shared ticker (its sequence number).
        case tick(Int)
        /// A fetch succeeded.
        case refreshed(RefreshScheduler.Reason)
        /// A fetch failed.
        case failed(RefreshScheduler.Reason)
    }

    /// What produced this state.
    public var event: Event
    /// The wall-clock time of this state.
    public var now: Date
    /// The board: at most `count` races, in next-to-go order.
    public var races: [Race]
    /// The connection status.
    public var status: RefreshScheduler.Status
    /// When the races were fetched (nil before the first success).
    public var asOf: Date?
    /// The fetch in flight, if any.
    public var fetching: RefreshScheduler.Reason?
    /// How many fetches the board has started in all.
    public var fetchesStarted: Int
    /// Races the last answer listed that could not be read.
    public var skipped: [SkippedRace]
    /// Whether the service had fewer races than asked for at the last fetch.
    public var exhausted: Bool

    /// Creates a state (the board makes these; renderers' tests make their own).
    public init(
        event: Event, now: Date, races: [Race], status: RefreshScheduler.Status, asOf: Date?,
        fetching: RefreshScheduler.Reason? = nil, fetchesStarted: Int = 0, skipped: [SkippedRace] = [],
        exhausted: Bool = false
    ) {
        self.event = event
        self.now = now
        self.races = races
        self.status = status
        self.asOf = asOf
        self.fetching = fetching
        self.fetchesStarted = fetchesStarted
        self.skipped = skipped
        self.exhausted = exhausted
    }
}

/// A next-to-go board kept live: redrawn on every tick of the one shared ``Ticker`` (no timer per race),
/// refilled when a shown race expires, refreshed periodically, and retried with backoff when the service
/// fails, keeping the last board meanwhile. The decisions are ``RefreshScheduler``'s.
///
/// Fetches run beside the tick loop, so countdowns keep ticking while a slow request is in flight.
public struct LiveBoard: Sendable {
    private let loader: NextToGoLoader
    private let count: Int
    private let filter: RaceFilter
    private let timing: Timing
    private let ticker: Ticker
    private let settings: RefreshScheduler.Settings
    private let initial: NextToGoResult?
    private let unitRandom: @Sendable () -> Double
    private let describe: @Sendable (any Error) -> String

    /// Creates a board.
    /// - Parameters:
    ///   - loader: Loads races, growing the request as the filter needs.
    ///   - count: How many races the board shows.
    ///   - filter: Which races it shows.
    ///   - timing: The wall clock for countdowns, expiry and scheduling.
    ///   - ticker: The shared ticker that paces the board.
    ///   - settings: Refresh interval, expiry coalescing and backoff.
    ///   - initial: Races already loaded (by a one-shot command), shown before the first fetch ends.
    ///   - unitRandom: The backoff jitter source, a value in 0…1.
    ///   - describe: How an error reads on the status line.
    public init(
        loader: NextToGoLoader, count: Int, filter: RaceFilter, timing: Timing, ticker: Ticker,
        settings: RefreshScheduler.Settings = RefreshScheduler.Settings(), initial: NextToGoResult? = nil,
        unitRandom: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        describe: @escaping @Sendable (any Error) -> String = { "\($0)" }
    ) {
        self.loader = loader
        self.count = count
        self.filter = filter
        self.timing = timing
        self.ticker = ticker
        self.settings = settings
        self.initial = initial
        self.unitRandom = unitRandom
        self.describe = describe
    }

    private enum Input: Sendable {
        case tick(Int)
        case loaded(RefreshScheduler.Reason, NextToGoResult)
        case failed(RefreshScheduler.Reason, String)
    }

    /// Runs the board until `update` returns false or the task is cancelled, calling `update` with the
    /// state after the start, after every tick and after every fetch outcome.
    public func run(_ update: @escaping @Sendable (LiveBoardState) async -> Bool) async {
        let (inputs, feed) = AsyncStream.makeStream(of: Input.self)
        let subscription = await ticker.subscribe()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await tick in subscription { feed.yield(.tick(tick.sequence)) }
            }
            var scheduler = RefreshScheduler(settings: settings)
            var result = initial
            var fetches = 0
            var shown: [Race] = []

            func state(_ event: LiveBoardState.Event, at now: Date) -> LiveBoardState {
                LiveBoardState(
                    event: event, now: now, races: result?.board(count: count, filter: filter, at: now) ?? [],
                    status: scheduler.status, asOf: scheduler.lastSuccess, fetching: scheduler.inFlight,
                    fetchesStarted: fetches, skipped: result?.skipped ?? [], exhausted: result?.exhausted ?? false)
            }

            var event = LiveBoardState.Event.started
            var now = timing.now()
            var pending = inputs.makeAsyncIterator()
            while true {
                if let reason = scheduler.startFetchIfDue(at: now) {
                    fetches += 1
                    let hint = result?.requestedCount
                    let (loader, count, filter, timing, describe) = (loader, count, filter, timing, describe)
                    group.addTask {
                        do {
                            let loaded = try await loader.load(
                                count: count, filter: filter, now: { timing.now() }, startingAt: hint)
                            feed.yield(.loaded(reason, loaded))
                        } catch {
                            feed.yield(.failed(reason, describe(error)))
                        }
                    }
                }
                let current = state(event, at: now)
                shown = current.races
                guard await update(current), let input = await pending.next() else { break }
                now = timing.now()
                switch input {
                case .tick(let sequence):
                    event = .tick(sequence)
                    if shown.contains(where: { !NextToGo.isShown($0, at: now) }) { scheduler.raceExpired(at: now) }
                case .loaded(let reason, let loaded):
                    event = .refreshed(reason)
                    result = loaded
                    scheduler.fetchSucceeded(at: now)
                case .failed(let reason, let message):
                    event = .failed(reason)
                    scheduler.fetchFailed(at: now, reason: message, unitRandom: unitRandom())
                }
            }
            feed.finish()
            group.cancelAll()
        }
        await ticker.unsubscribe(subscription)
    }
}
