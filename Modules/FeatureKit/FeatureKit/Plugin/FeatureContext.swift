import Failures
import Foundation
import Logging
import MarketData
import Networking
import Persistence
import Settings
import Timing

/// Everything a feature command may touch, built by the host (live) or by a test (`.test(...)`).
///
/// The one value that crosses the host→feature boundary: no feature reaches a global, a singleton or a
/// live backend any other way.
public struct FeatureContext: Sendable {
    /// The feature's id (its namespace and log label).
    public var featureID: String
    /// The HTTP client, with retries and the per-host bound already applied.
    public var http: any HTTPClient
    /// The store namespaced to this feature.
    public var store: any KeyValueStore
    /// Clocks.
    public var timing: Timing
    /// The one shared ticker for live views.
    public var ticker: Ticker
    /// Settings (environment > config.json > defaults).
    public var configuration: Configuration {
        didSet { resolved = ResolvedSettings() }
    }
    /// The feature's settings as ``settings(_:resolve:)`` resolved them from ``configuration``.
    private var resolved = ResolvedSettings()
    /// Standard streams.
    public var terminal: any Terminal
    /// Colour decisions.
    public var style: Style
    /// The feature's logger (stderr, `-v` for debug).
    public var logger: Logger
    /// `--offline`: never touch the network.
    public var offline: Bool
    /// `FOLIO_HOME`, where the feature may keep files of its own.
    public var home: URL
    /// The value sources other plug-ins contribute, collected by the host (none unless it sets them).
    public var valueSources: ValueSourceDirectory = .none
    /// The market data the whole process shares (quotes, daily bars, corporate actions under one cache and rate
    /// limit), set by the host for a feature that declares it needs it; nil otherwise and in tests that do not set it.
    public var marketData: MarketDataService?

    /// Creates a context; the host and `FeatureContext.test` are the only callers.
    public init(
        featureID: String, http: any HTTPClient, store: any KeyValueStore, timing: Timing, ticker: Ticker,
        configuration: Configuration, terminal: any Terminal, style: Style, logger: Logger, offline: Bool, home: URL
    ) {
        self.featureID = featureID
        self.http = http
        self.store = store
        self.timing = timing
        self.ticker = ticker
        self.configuration = configuration
        self.terminal = terminal
        self.style = style
        self.logger = logger
        self.offline = offline
        self.home = home
    }

    /// The feature's settings of type `type`, resolved from ``configuration`` by `resolve` once for this context
    /// (and every copy of it): a value source read on every page view need not parse them each time.
    /// - Throws: ``FolioError``: the refusal `resolve` gave.
    public func settings<T: Sendable>(
        _ type: T.Type, resolve: (Configuration) throws -> T
    ) throws(FolioError) -> T {
        try resolved.settings(type, feature: featureID) { try resolve(configuration) }
    }
}
