import Foundation

/// How many races to ask the service for. The service's `count` caps the total across categories, and
/// it still lists races up to about two minutes past their start, so asking for exactly `count` often
/// leaves the board short.
///
/// First ask: `max(10, 2 × count)`, or `max(20, 4 × count)` with a filter. While fewer than `count`
/// races pass, ask again for twice as many, up to ``maximum`` (or `count`, if larger).
public struct RequestGrowth: Sendable, Hashable {
    /// The largest request made while growing.
    public var maximum: Int

    /// Creates a policy.
    public init(maximum: Int = 200) {
        self.maximum = max(1, maximum)
    }

    /// The largest request for a board of `count` races.
    public func limit(count: Int) -> Int { max(maximum, count) }

    /// The first request for a board of `count` races under `filter`.
    public func initial(count: Int, filter: RaceFilter) -> Int {
        let ask = filter.isEmpty ? max(10, count * 2) : max(20, count * 4)
        return min(ask, limit(count: count))
    }

    /// The request after `ask` did not fill the board, or nil once at the limit.
    public func next(after ask: Int, count: Int) -> Int? {
        let limit = limit(count: count)
        guard ask < limit else { return nil }
        return min(ask * 2, limit)
    }
}

/// What a load found: every race the last answer listed, and how it got there.
public struct NextToGoResult: Sendable, Hashable, Codable {
    /// Every readable race of the last answer, in next-to-go order (expired and filtered-out ones included,
    /// so a live board can refill from them).
    public var races: [Race]
    /// Races the service listed that could not be read.
    public var skipped: [SkippedRace]
    /// The `count` of the last request.
    public var requestedCount: Int
    /// How many requests the load made.
    public var requests: Int
    /// Whether the service listed fewer races than asked for: it has no more to give.
    public var exhausted: Bool

    /// Creates a result.
    public init(races: [Race], skipped: [SkippedRace] = [], requestedCount: Int, requests: Int, exhausted: Bool) {
        self.races = races
        self.skipped = skipped
        self.requestedCount = requestedCount
        self.requests = requests
        self.exhausted = exhausted
    }

    /// The board these races give at `now`.
    public func board(count: Int, filter: RaceFilter, at now: Date) -> [Race] {
        NextToGo.board(races, count: count, filter: filter, at: now)
    }
}

/// Loads enough races for a full board: asks the service, and while fewer than `count` races pass the
/// filter and the 60-second rule, asks again for more (bounded by ``RequestGrowth``) until the board is
/// full or the service has no more.
public struct NextToGoLoader: Sendable {
    private let source: any NextRacesSource
    private let growth: RequestGrowth

    /// Creates a loader.
    public init(source: any NextRacesSource, growth: RequestGrowth = RequestGrowth()) {
        self.source = source
        self.growth = growth
    }

    /// Loads races for a board of `count` under `filter`.
    /// - Parameters:
    ///   - now: The wall clock; read after each answer, since growing takes time.
    ///   - startingAt: A request size known to have worked (a live board's last one), tried first so a
    ///     steady board costs one request per refresh.
    /// - Throws: What the source throws.
    public func load(
        count: Int, filter: RaceFilter, now: @Sendable () -> Date, startingAt: Int? = nil
    ) async throws -> NextToGoResult {
        let limit = growth.limit(count: count)
        var ask = min(max(startingAt ?? growth.initial(count: count, filter: filter), 1), limit)
        var requests = 0
        var previousListed = -1
        while true {
            let page = try await source.nextRaces(count: ask)
            requests += 1
            let eligible = NextToGo.eligible(page.races, filter: filter, at: now()).count
            let exhausted = page.listedCount < ask || page.listedCount <= previousListed
            let result = NextToGoResult(
                races: page.races, skipped: page.skipped, requestedCount: ask, requests: requests, exhausted: exhausted)
            guard eligible < count, !exhausted, let bigger = growth.next(after: ask, count: count) else {
                return result
            }
            previousListed = page.listedCount
            ask = bigger
        }
    }
}
