import Caching
import Failures
import Foundation
import Persistence
import Timing

extension FundsService {
    /// Makes sure AMFI's daily NAV file (``FundsSettings/amfiURL``) is stored, fetching it when the cache policy
    /// says so (fresh as long as a history), and returns what it holds.
    /// - Throws: ``FolioError``: unavailable when AMFI cannot be reached and nothing is cached, data error when
    ///   its header lacks a needed column (named).
    public func amfiNAVs(mode: FetchMode = .normal) async throws -> Fetched<AMFIFileInfo> {
        let client = AMFIClient(url: settings.amfiURL, http: http)
        let diagnostics = diagnostics
        let store = store
        let now = timing.now()
        let cached = try await mapped {
            try await fetchCached(
                fallsBack: AMFIFailure.fallsBack, key: AMFICache.infoKey, ttl: settings.historyTTL, mode: mode,
                source: "AMFI's NAV file",
                load: {
                    // The stored file's info, expired or not: a fetch that brings the same file back only renews it.
                    let stored = try? await store.read { try $0.value(AMFIFileInfo.self, AMFICache.infoKey) }
                    let fetched = try await client.navAll(diagnostics: diagnostics, known: stored?.digest)
                    if let file = fetched.file { return AMFISnapshot(file: file, digest: fetched.digest) }
                    // The digest matched, so the stored file is this one: nothing to parse or rewrite.
                    return AMFISnapshot(info: stored ?? AMFIFileInfo(date: nil, count: 0, skippedRows: 0))
                },
                read: { transaction in
                    try transaction.get(AMFIFileInfo.self, AMFICache.infoKey).map { entry in
                        Entry(
                            key: entry.key, value: AMFISnapshot(info: entry.value), storedAt: entry.storedAt,
                            expiresAt: entry.expiresAt)
                    }
                },
                save: { transaction, snapshot, expiresAt in
                    let until = max(expiresAt, AMFICache.nextFile(after: snapshot.info.date, fetchedAt: now))
                    if let file = snapshot.file {
                        try AMFICache.replace(with: file, info: snapshot.info, expiresAt: until, in: transaction)
                    } else {
                        try transaction.put(AMFICache.infoKey, snapshot.info, expiresAt: until)
                    }
                })
        }
        return Fetched(value: cached.value.info, freshness: Freshness(cached))
    }

    /// The stored AMFI entries of `codes` and of `isins` (read one record each, never the whole file).
    package func amfiEntries(
        codes: [Int], isins: [String]
    ) async throws -> (byCode: [Int: AMFINAV], byISIN: [String: AMFINAV]) {
        try await mapped {
            try await store.read { transaction in
                var byCode: [Int: AMFINAV] = [:]
                for code in codes { byCode[code] = try transaction.value(AMFINAV.self, AMFICache.key(code: code)) }
                var byISIN: [String: AMFINAV] = [:]
                for isin in isins {
                    guard let code = try transaction.value(Int.self, AMFICache.key(isin: isin)) else { continue }
                    byISIN[isin] = try transaction.value(AMFINAV.self, AMFICache.key(code: code))
                }
                return (byCode, byISIN)
            }
        }
    }

    /// The newest NAV of each MF API history the store holds of `codes`, fresh or not, with the scheme's meta, as
    /// one-NAV histories read in one transaction and never fetched (a valuation asking whether one is newer than
    /// AMFI's file): a few bytes a scheme, not every NAV decoded.
    package func storedHistories(codes: [Int]) async throws -> [Int: NAVHistory] {
        try await mapped {
            try await store.read { transaction in
                var found: [Int: NAVHistory] = [:]
                for code in codes { found[code] = try HistoryCache.latest(code: code, in: transaction) }
                return found
            }
        }
    }

    /// The latest NAV of `code` in AMFI's file, for when the MF API fails.
    /// - Throws: ``FolioError``: as ``amfiNAVs(mode:)``; not found when the file has no such scheme.
    public func amfiNAV(code: Int, mode: FetchMode = .normal) async throws -> Fetched<AMFINAV> {
        let file = try await amfiNAVs(mode: mode)
        guard let entry = try await amfiEntries(codes: [code], isins: []).byCode[code] else {
            throw FolioError(.notFound, "AMFI's NAV file has no scheme \(code)", field: "code")
        }
        return Fetched(value: entry, freshness: file.freshness)
    }
}

/// What a stored AMFI file holds: its date, rows and skipped rows.
public struct AMFIFileInfo: Sendable, Hashable, Codable {
    /// The file's date (the one most rows carry).
    public var date: CalendarDate?
    /// Usable rows.
    public var count: Int
    /// Rows skipped (`N.A.` NAVs, malformed).
    public var skippedRows: Int
    /// The fetched file's fingerprint (nil in records stored before it was kept): the same file fetched again is
    /// not parsed again.
    public var digest: String?

    /// Creates one.
    public init(date: CalendarDate?, count: Int, skippedRows: Int, digest: String? = nil) {
        self.date = date
        self.count = count
        self.skippedRows = skippedRows
        self.digest = digest
    }
}

/// What the AMFI cache entry carries: the info when read from the store, the whole file too when just fetched.
struct AMFISnapshot: Sendable {
    var info: AMFIFileInfo
    var file: AMFINAVFile?

    init(info: AMFIFileInfo) { self.info = info }

    init(file: AMFINAVFile, digest: String) {
        info = AMFIFileInfo(
            date: file.latestDate, count: file.entries.count, skippedRows: file.skippedRows, digest: digest)
        self.file = file
    }
}

/// AMFI's file stored one record per scheme (`amfi/code/000122639`) with its ISINs pointing at the code
/// (`amfi/isin/INF879O01027`) and an info record (`amfi/info`) carrying the freshness, so a valuation reads
/// the few schemes it needs rather than decoding 14,000.
public enum AMFICache {
    /// Every AMFI record's prefix.
    public static let prefix = "amfi/"
    /// The info record.
    public static let infoKey = "amfi/info"

    /// A scheme's record.
    public static func key(code: Int) -> String {
        let digits = String(code)
        return "amfi/code/" + String(repeating: "0", count: max(0, 9 - digits.count)) + digits
    }

    /// An ISIN's pointer to its scheme.
    public static func key(isin: String) -> String { "amfi/isin/" + isin }

    /// Replaces the stored file with `file`, in the caller's transaction.
    static func replace(
        with file: AMFINAVFile, info: AMFIFileInfo, expiresAt: Date, in transaction: any StoreTransaction
    ) throws {
        try transaction.delete(.prefix(prefix))
        for entry in file.entries {
            try transaction.put(key(code: entry.code), entry)
            for isin in entry.isins { try transaction.put(key(isin: isin), entry.code) }
        }
        try transaction.put(infoKey, info, expiresAt: expiresAt)
    }

    /// When a file newer than one of NAV date `date`, fetched at `fetchedAt`, can first be published: AMFI publishes
    /// a day's NAVs that evening, fund house by fund house until about 23:00 in India, so a file fetched after that
    /// day's midnight is complete and the next cannot come before 18:00 IST the next day; until then the stored
    /// file is the newest there is and is not asked for again (``FetchMode/refresh`` still asks). A file fetched on
    /// its own NAV day may still be filling: `distantPast`, and the cache's time to live decides.
    public static func nextFile(after date: CalendarDate?, fetchedAt: Date) -> Date {
        guard let date, fetchedAt >= indiaTime(date.adding(days: 1), hour: 0) else { return .distantPast }
        return indiaTime(date.adding(days: 1), hour: 18)
    }

    private static func indiaTime(_ day: CalendarDate, hour: Int) -> Date {
        var components = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour)
        components.timeZone = TimeZone(identifier: "Asia/Kolkata") ?? TimeZone(secondsFromGMT: 19_800)!
        return Calendar(identifier: .gregorian).date(from: components) ?? .distantPast
    }
}

extension AMFINAV {
    /// The entry as a one-NAV history, for the valuation that reads histories.
    package var history: NAVHistory {
        NAVHistory(
            code: code,
            meta: SchemeMeta(
                code: code, name: name, fundHouse: fundHouse, schemeCategory: category, isinGrowth: isins.first,
                isinDivReinvestment: isins.dropFirst().first),
            points: [NAVPoint(date: date, nav: nav)])
    }
}
