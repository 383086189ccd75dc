import Foundation
import Persistence
import Timing

extension FundsService {
    /// What is cached, when it was fetched and whether it is still fresh: the scheme list, AMFI's NAV file (with
    /// its date and age) and the histories.
    public func cacheStatus() async throws -> CacheReport {
        let now = timing.now()
        let (info, amfi, histories, favorites) = try await mapped {
            try await store.read { transaction in
                (
                    try SchemeCatalog.info(in: transaction), try transaction.get(AMFIFileInfo.self, AMFICache.infoKey),
                    try HistoryCache.summaries(in: transaction), try transaction.count(.prefix(FavoritesStore.prefix))
                )
            }
        }
        let today = Freshness.todayInIndia(now)
        return CacheReport(
            list: info.map {
                CacheReport.ListStatus(
                    schemes: $0.value.count, skippedRows: $0.value.skippedRows, fetchedAt: $0.storedAt,
                    expiresAt: $0.expiresAt, stale: $0.isStale(at: now))
            },
            amfi: amfi.map {
                CacheReport.AMFIStatus(
                    date: $0.value.date?.iso8601, ageDays: $0.value.date.map { $0.days(to: today) },
                    schemes: $0.value.count, skippedRows: $0.value.skippedRows, fetchedAt: $0.storedAt,
                    expiresAt: $0.expiresAt, stale: $0.isStale(at: now))
            },
            histories: histories.map {
                CacheReport.HistoryStatus(
                    code: $0.code, name: $0.name, points: $0.points, latestNAVDate: $0.latestNAVDate?.iso8601,
                    fetchedAt: $0.storedAt, expiresAt: $0.expiresAt, stale: $0.expiresAt.map { now >= $0 } ?? false,
                    bytes: $0.bytes)
            },
            favorites: favorites, listTTLSeconds: Int(settings.listTTL.components.seconds),
            historyTTLSeconds: Int(settings.historyTTL.components.seconds))
    }

    /// Removes the cached scheme list, AMFI's NAV file and the histories in one transaction; favourites (and
    /// the portfolio) are kept.
    public func clearCache() async throws -> CacheClearReport {
        let (schemes, histories) = try await mapped {
            try await store.write { transaction in
                try transaction.delete(.prefix(AMFICache.prefix))
                return (try SchemeCatalog.clear(in: transaction), try HistoryCache.clear(in: transaction))
            }
        }
        return CacheClearReport(schemes: schemes, histories: histories)
    }
}
