import Caching
import Failures
import FeatureKit
import Foundation
import Networking
import Persistence
import Racing
import Timing

/// The last board folio fetched, kept so `--offline` and a failed request still have something to show.
///
/// Races expire within minutes, so the copy is fresh for one minute; any copy is still filtered by the
/// 60-second rule at the time it is shown.
struct BoardCache {
    static let key = "next-to-go/latest"
    static let freshness: Duration = .seconds(60)

    let services: RacingServices

    /// Fetches a new board (or reads the copy with `--offline`), saving what was fetched.
    /// - Throws: ``FolioError`` (unavailable) when the service fails and no copy is kept; (usage) when the
    ///   configured URL answers 404.
    func load(count: Int, filter: RaceFilter) async throws -> Cached<NextToGoResult> {
        do {
            return try await fetch(count: count, filter: filter)
        } catch let error as NetworkError {
            throw FolioError.from(error, configuredBy: RacingServices.baseURLKey, in: services.context.configuration)
        }
    }

    private func fetch(count: Int, filter: RaceFilter) async throws -> Cached<NextToGoResult> {
        let context = services.context
        let loader = try services.loader()
        let timing = context.timing
        return try await CachedFetch(store: context.store, timing: timing, fallsBack: NetworkError.isTransient).value(
            NextToGoResult.self, key: Self.key, ttl: Self.freshness, mode: context.offline ? .offline : .refresh,
            source: try services.source()
        ) {
            try await loader.load(count: count, filter: filter, now: { timing.now() })
        }
    }
}
