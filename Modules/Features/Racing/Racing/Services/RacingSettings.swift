import Foundation

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
    /// The configuration key of the service root (`races.url` in config.json).
    public static let baseURLKey = "races.url"
    /// The environment variable that overrides the service root.
    public static let baseURLVariable = "FOLIO_NEDS_URL"
    /// The configuration key of the live board's refresh (`races.refresh`: `30s`, `1m`).
    public static let refreshKey = "races.refresh"
}
