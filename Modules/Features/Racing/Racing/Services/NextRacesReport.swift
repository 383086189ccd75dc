import Foundation
import Money

/// The next-to-go board as every face shows it: what `folio races next --format json` prints and
/// `/api/races/next` returns.
public struct NextRacesReport: Codable, Sendable, Equatable {
    /// The board, in next-to-go order, at most `count` races.
    public var races: [RaceEntry]
    /// How many races were asked for.
    public var count: Int
    /// When the report was made (the countdowns are from this instant).
    public var now: Date
    /// When the races were fetched from the service.
    public var asOf: Date
    /// Whether the board is a saved copy rather than one fetched for this request.
    public var fromSavedCopy: Bool
    /// Whether the saved copy is past its freshness (or shown because the service failed).
    public var isStale: Bool
    /// Why a saved copy is shown instead of a fresh board, when a fetch failed.
    @NullEncodable public var failure: String?
    /// Races the service listed that could not be read (reported, never hidden).
    public var skipped: [SkippedRace]
    /// Whether the service had no more races to give (why a board may be short).
    public var exhausted: Bool
    /// How many races the last request asked the service for.
    public var requestedCount: Int

    /// Creates a report.
    public init(
        races: [RaceEntry], count: Int, now: Date, asOf: Date, fromSavedCopy: Bool, isStale: Bool, failure: String?,
        skipped: [SkippedRace], exhausted: Bool, requestedCount: Int
    ) {
        self.races = races
        self.count = count
        self.now = now
        self.asOf = asOf
        self.fromSavedCopy = fromSavedCopy
        self.isStale = isStale
        self.failure = failure
        self.skipped = skipped
        self.exhausted = exhausted
        self.requestedCount = requestedCount
    }

    /// How old the races are at the report's time, in whole seconds.
    public var ageSeconds: Int { max(0, Int(now.timeIntervalSince(asOf).rounded(.down))) }
}
