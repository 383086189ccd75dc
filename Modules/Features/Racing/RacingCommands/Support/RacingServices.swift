import FeatureKit
import Foundation
import Persistence
import Racing
import Settings

/// The feature's settings and service, built from the terminal's context.
struct RacingServices: Sendable {
    let context: FeatureContext

    /// The next-to-go service over the configured root, refreshing every `refresh`, keeping the saved board
    /// decoded in `decoded` when given.
    /// - Throws: ``FolioError`` (usage) when the configured URL is not an http(s) URL.
    func nextToGo(
        refresh: Duration = RefreshScheduler.Settings.defaultInterval, decoded: DecodedRecords? = nil
    ) throws -> NextToGoService {
        NextToGoService(
            http: context.http, store: context.store, timing: context.timing,
            settings: RacingSettings(
                baseURL: try context.configuration.url(RacingSettings.baseURLKey), refresh: refresh),
            decoded: decoded)
    }
}
