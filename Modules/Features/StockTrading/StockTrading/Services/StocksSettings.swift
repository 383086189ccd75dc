import Foundation

/// What the host's configuration says about the feature: where prices come from and how long they stay
/// current. A plain value, so a reusing app fills it from wherever it keeps settings.
public struct StocksSettings: Sendable, Equatable {
    /// An HTTP quotes service, or nil for the bundled simulated market.
    public var quotesURL: URL?
    /// Where ``quotesURL`` was set, in the words a 404 from it should name (`FOLIO_QUOTES_URL`).
    public var quotesURLOrigin: String
    /// What to check when ``quotesURL`` answers 404, when there is something to say.
    public var quotesURLHint: String?
    /// How long fetched prices count as current.
    public var quotesTTL: Duration
    /// The simulated market's seed.
    public var seed: UInt64
    /// The time zone that decides which day a value snapshot belongs to.
    public var timeZone: TimeZone

    /// Creates the settings; the defaults are the simulated market with prices current for 60 s.
    public init(
        quotesURL: URL? = nil, quotesURLOrigin: String = "the configuration", quotesURLHint: String? = nil,
        quotesTTL: Duration = .seconds(60), seed: UInt64 = SimulatedMarket.defaultSeed, timeZone: TimeZone = .current
    ) {
        self.quotesURL = quotesURL
        self.quotesURLOrigin = quotesURLOrigin
        self.quotesURLHint = quotesURLHint
        self.quotesTTL = quotesTTL
        self.seed = seed
        self.timeZone = timeZone
    }
}
