import Caching
import Failures
import Foundation
import Timing

/// How fresh a report's data is: when it was fetched, whether it is past its freshness, and why a fresh copy
/// could not be had. Every face says the same thing from it (the terminal's warning, the page's stale notice).
public struct Freshness: Codable, Sendable, Equatable {
    /// When the data was fetched from the MF API.
    public var asOf: Date
    /// Whether it is past its freshness or stood in for a failed fetch.
    public var stale: Bool
    /// Whether it came from the local cache rather than a request made now.
    public var fromCache: Bool
    /// Why a fresh copy could not be had, in the user's words; nil when none was tried or it is fresh.
    public var staleReason: String?

    /// Creates a freshness.
    public init(asOf: Date, stale: Bool, fromCache: Bool, staleReason: String? = nil) {
        self.asOf = asOf
        self.stale = stale
        self.fromCache = fromCache
        self.staleReason = staleReason
    }

    /// The freshness of a cached value.
    public init<T>(_ cached: Cached<T>) {
        self.init(
            asOf: cached.asOf, stale: cached.isStale, fromCache: cached.fromCache,
            staleReason: cached.failure.map { failure in failure.why.map { "\(failure.what): \($0)" } ?? failure.what })
    }

    /// Today's date in India, where NAV dates are.
    public static func todayInIndia(_ now: Date) -> CalendarDate {
        CalendarDate(now, in: TimeZone(identifier: "Asia/Kolkata") ?? TimeZone(secondsFromGMT: 19_800)!)
    }
}
