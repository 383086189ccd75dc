import Foundation
import Money
import Timing

/// One NAV of a history: a row of `folio funds history --format json|csv`.
public struct NAVHistoryRow: Codable, Sendable, Equatable {
    /// The NAV date (`YYYY-MM-DD`).
    public var date: String
    /// The NAV.
    public var nav: Amount

    /// The CSV columns, in order.
    public static let columns = ["date", "nav"]

    /// The rows of `points`, oldest first.
    public static func rows(_ points: some Sequence<NAVPoint>) -> [NAVHistoryRow] {
        points.map { NAVHistoryRow(date: $0.date.iso8601, nav: $0.nav) }
    }
}

/// The NAV on a date, or the nearest earlier one: what `folio funds nav CODE [--on DATE] --format json` prints.
public struct NAVOnDateReport: Encodable, Sendable {
    /// The scheme code.
    public var code: Int
    /// The scheme's name.
    public var name: String
    /// The date asked for (null for the latest NAV).
    @NullEncodable public var requestedDate: String?
    /// The date of the NAV used.
    public var date: String
    /// The NAV.
    public var nav: Amount
    /// Whether the NAV is of the date asked for.
    public var exact: Bool
    /// Where it came from.
    public var source: NAVSource
    /// Whether it came from a copy past its freshness.
    public var stale: Bool
    /// When that copy was fetched.
    public var asOf: Date
    /// The latest NAV date of the history, when a date was asked for (not encoded: it words the answer).
    public var latestDate: CalendarDate?
    /// Why the MF API's history was not used, when AMFI stood in (not encoded).
    public var mfapiFailure: String?
    /// How fresh the copy read is, with why it is stale (not encoded: `stale` and `asOf` say it).
    public var freshness: Freshness

    /// The CSV columns, in order.
    public static let columns = ["code", "name", "requestedDate", "date", "nav", "exact", "source", "stale", "asOf"]

    enum CodingKeys: String, CodingKey { case code, name, requestedDate, date, nav, exact, source, stale, asOf }
}

/// Rolling CAGRs over every full window: what `folio funds rolling CODE --window W --format json` prints.
public struct RollingReport: Encodable, Sendable {
    /// A best or worst window.
    public struct Extreme: Encodable, Sendable {
        /// Its CAGR, as a fraction.
        public var cagr: Double
        /// Its start NAV date.
        public var fromDate: String
        /// Its end NAV date.
        public var toDate: String

        init(_ observation: RollingObservation) {
            cagr = observation.cagr
            fromDate = observation.from.iso8601
            toDate = observation.to.iso8601
        }
    }

    /// The scheme code.
    public var code: Int
    /// The scheme's name.
    public var name: String
    /// The window (`1Y`, `3Y`, `5Y`).
    public var window: String
    /// How many windows the history holds.
    public var count: Int
    /// The start day of the first window.
    public var firstStart: String
    /// The start day of the last window.
    public var lastStart: String
    /// The mean return of the windows.
    public var mean: Double
    /// The median return of the windows.
    public var median: Double
    /// The worst window.
    public var min: Extreme
    /// The best window.
    public var max: Extreme
    /// The share of windows that lost money (0–1).
    public var negativeShare: Double
    /// How the windows' returns spread.
    public var buckets: [RollingBucket]
    /// Whether the history is older than the last trading day.
    public var stale: Bool
    /// The newest NAV day read.
    public var asOf: Date
    /// How fresh the history read is, with why it is stale (not encoded: `stale` and `asOf` say it).
    public var freshness: Freshness

    enum CodingKeys: String, CodingKey {
        case code, name, window, count, firstStart, lastStart, mean, median, min, max, negativeShare, buckets, stale,
            asOf
    }

    /// The report of `summary` over `observations` (at least one) of `history`.
    public init(
        history: NAVHistory, summary: RollingSummary, observations: [RollingObservation], freshness: Freshness
    ) {
        code = history.code
        name = history.name
        window = summary.window.rawValue
        count = summary.count
        firstStart = observations.first?.from.iso8601 ?? ""
        lastStart = observations.last?.from.iso8601 ?? ""
        mean = summary.mean
        median = summary.median
        min = Extreme(summary.minimum)
        max = Extreme(summary.maximum)
        negativeShare = summary.negativeShare
        buckets = summary.buckets
        stale = freshness.stale
        asOf = freshness.asOf
        self.freshness = freshness
    }
}
