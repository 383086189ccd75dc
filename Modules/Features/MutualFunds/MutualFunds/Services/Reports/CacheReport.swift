import Foundation
import Money
import Timing

/// What is cached: `folio funds cache status --format json`.
public struct CacheReport: Codable, Sendable, Equatable {
    /// The stored scheme list.
    public struct ListStatus: Codable, Sendable, Equatable {
        /// Schemes stored.
        public var schemes: Int
        /// Malformed rows skipped when it was fetched.
        public var skippedRows: Int
        /// When it was fetched.
        public var fetchedAt: Date
        /// When it stops being fresh.
        @NullEncodable public var expiresAt: Date?
        /// Whether it is past its freshness.
        public var stale: Bool
    }

    /// One cached history.
    public struct HistoryStatus: Codable, Sendable, Equatable {
        /// The scheme code.
        public var code: Int
        /// The scheme's name.
        public var name: String
        /// NAV points stored.
        public var points: Int
        /// The newest NAV date.
        @NullEncodable public var latestNAVDate: String?
        /// When it was fetched.
        public var fetchedAt: Date
        /// When it stops being fresh.
        @NullEncodable public var expiresAt: Date?
        /// Whether it is past its freshness.
        public var stale: Bool
        /// The stored size in bytes.
        public var bytes: Int

        /// The columns of the CSV form, in order.
        public static let columns = [
            "code", "name", "points", "latestNAVDate", "fetchedAt", "expiresAt", "stale", "bytes",
        ]
    }

    /// The stored copy of AMFI's daily NAV file.
    public struct AMFIStatus: Codable, Sendable, Equatable {
        /// The file's date (the one most of its NAVs carry).
        @NullEncodable public var date: String?
        /// Calendar days (in India) from the file's date to today.
        @NullEncodable public var ageDays: Int?
        /// Schemes stored.
        public var schemes: Int
        /// Rows skipped (`N.A.` NAVs, malformed) when it was fetched.
        public var skippedRows: Int
        /// When it was fetched.
        public var fetchedAt: Date
        /// When it stops being fresh.
        @NullEncodable public var expiresAt: Date?
        /// Whether it is past its freshness.
        public var stale: Bool
    }

    /// The stored list, nil when none is.
    @NullEncodable public var list: ListStatus?
    /// The stored AMFI NAV file, nil when none is.
    @NullEncodable public var amfi: AMFIStatus?
    /// Every cached history, in code order.
    public var histories: [HistoryStatus]
    /// How many favourites there are (never cleared with the cache).
    public var favorites: Int
    /// The list's freshness in seconds.
    public var listTTLSeconds: Int
    /// A history's freshness in seconds.
    public var historyTTLSeconds: Int
}

/// What clearing the cache removed.
public struct CacheClearReport: Codable, Sendable, Equatable {
    /// Scheme records removed.
    public var schemes: Int
    /// Histories removed.
    public var histories: Int
}

extension CacheReport {
    /// How long a cached item stays fresh, as every face says it: `fresh for 12m`, `stale (expired 3h ago)`, or
    /// `fresh` for one that never expires.
    public static func freshness(_ expiresAt: Date?, now: Date) -> String {
        guard let expiresAt else { return "fresh" }
        let seconds = Int(expiresAt.timeIntervalSince(now))
        return seconds > 0
            ? "fresh for \(DurationFormat.short(seconds: seconds))"
            : "stale (expired \(DurationFormat.short(seconds: -seconds)) ago)"
    }
}
