import Foundation
import Settings

/// What the racing services need to know about where and how often to fetch, resolved by the host from its
/// configuration (`FOLIO_NEDS_URL`, `races.url`, `races.refresh`) or set by a reusing app.
public struct RacingSettings: Sendable, Hashable {
    /// The service root.
    public var baseURL: URL
    /// How long a fetched board counts as fresh; races expire within minutes.
    public var freshness: Duration
    /// How often a live board is fetched again (raised to ``RefreshScheduler/Settings/minimumInterval``).
    public var refresh: Duration

    /// Creates settings.
    public init(
        baseURL: URL = NedsRacingClient.defaultBaseURL, freshness: Duration = .seconds(60),
        refresh: Duration = RefreshScheduler.Settings.defaultInterval
    ) {
        self.baseURL = baseURL
        self.freshness = freshness
        self.refresh = refresh
    }
}

extension RacingSettings {
    /// The service root: `FOLIO_NEDS_URL`, else `races.url` in config.json, else the public API.
    public static let baseURLKey = ConfigKey(
        "races.url", environment: "FOLIO_NEDS_URL", default: NedsRacingClient.defaultBaseURL.absoluteString)
    /// The live board's periodic refresh: `races.refresh` in config.json (`30s`, `1m`).
    public static let refreshKey = ConfigKey("races.refresh", default: "30s")
    /// Every key these settings read, for listings of settings.
    public static let keys = [baseURLKey, refreshKey]
}
