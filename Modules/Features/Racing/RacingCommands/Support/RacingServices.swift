import FeatureKit
import Foundation
import Racing

/// The feature's settings and service, built from the terminal's context.
struct RacingServices: Sendable {
    /// The service root: `FOLIO_NEDS_URL`, else `races.url` in config.json, else the public API.
    static let baseURLKey = ConfigKey(
        RacingSettings.baseURLKey, environment: RacingSettings.baseURLVariable,
        default: NedsRacingClient.defaultBaseURL.absoluteString)
    /// The live board's periodic refresh: `races.refresh` in config.json (`30s`, `1m`), overridden by `--refresh`.
    static let refreshKey = ConfigKey(RacingSettings.refreshKey, default: "30s")

    let context: FeatureContext

    /// The next-to-go service over the configured root, refreshing every `refresh`.
    /// - Throws: ``FolioError`` (usage) when the configured URL is not an http(s) URL.
    func nextToGo(refresh: Duration = RefreshScheduler.Settings.defaultInterval) throws -> NextToGoService {
        NextToGoService(
            http: context.http, store: context.store, timing: context.timing,
            settings: RacingSettings(baseURL: try context.configuration.url(Self.baseURLKey), refresh: refresh))
    }
}
