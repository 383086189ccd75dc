import Caching
import Failures
import Foundation
import Timing

extension FundsService {
    /// AMFI's daily NAV file (``FundsSettings/amfiURL``) under the cache policy, fresh as long as a history.
    /// - Throws: ``FolioError``: unavailable when AMFI cannot be reached and nothing is cached, data error when
    ///   its header lacks a needed column (named).
    public func amfiNAVs(mode: FetchMode = .normal) async throws -> Fetched<AMFINAVFile> {
        let client = AMFIClient(url: settings.amfiURL, http: http)
        let diagnostics = diagnostics
        let cached = try await mapped {
            try await amfiFetch.value(
                AMFINAVFile.self, key: AMFICache.key, ttl: settings.historyTTL, mode: mode, source: "AMFI's NAV file",
                load: { try await client.navAll(diagnostics: diagnostics) })
        }
        return Fetched(value: cached.value, freshness: Freshness(cached))
    }

    /// The latest NAV of `code` in AMFI's file, for when the MF API fails.
    /// - Throws: ``FolioError``: as ``amfiNAVs(mode:)``; not found when the file has no such scheme.
    public func amfiNAV(code: Int, mode: FetchMode = .normal) async throws -> Fetched<AMFINAV> {
        let file = try await amfiNAVs(mode: mode)
        guard let entry = file.value.entry(code: code) else {
            throw FolioError(.notFound, "AMFI's NAV file has no scheme \(code)", field: "code")
        }
        return Fetched(value: entry, freshness: file.freshness)
    }
}

/// AMFI's file as one cached record (`amfi/navall`).
public enum AMFICache {
    /// The record's key.
    public static let key = "amfi/navall"
}

extension AMFINAV {
    /// The entry as a one-NAV history, for the valuation that reads histories.
    var history: NAVHistory {
        NAVHistory(
            code: code,
            meta: SchemeMeta(
                code: code, name: name, fundHouse: fundHouse, schemeCategory: category, isinGrowth: isins.first,
                isinDivReinvestment: isins.dropFirst().first),
            points: [NAVPoint(date: date, nav: nav)])
    }
}
