import Foundation
import MarketData
import Settings

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

    /// An HTTP quotes service (`FOLIO_QUOTES_URL`); unset, the simulated market.
    public static let quotesURLKey = ConfigKey("stocks.quotesURL", environment: "FOLIO_QUOTES_URL")
    /// How long fetched prices count as current.
    public static let quotesTTLKey = ConfigKey("stocks.quotesTTL", environment: "FOLIO_QUOTES_TTL", default: "60s")
    /// The simulated market's seed.
    public static let seedKey = ConfigKey("stocks.seed", environment: "FOLIO_STOCKS_SEED")

    /// The settings from folio's configuration (environment, then `config.json`, then the defaults).
    /// - Throws: ``FolioError`` (usage) naming the variable or `config.json` key of a bad quotes URL, time to live
    ///   or seed.
    public init(_ configuration: Configuration) throws {
        let origin = configuration.source(of: Self.quotesURLKey)
        self.init(
            quotesURL: configuration.string(Self.quotesURLKey) != nil ? try configuration.url(Self.quotesURLKey) : nil,
            quotesURLOrigin: "\(origin)", quotesURLHint: origin.isDefault ? nil : "check \(origin.setting)",
            quotesTTL: try configuration.duration(Self.quotesTTLKey) ?? .seconds(60),
            seed: try configuration.value(
                Self.seedKey, isNot: "a seed", expected: "should be a whole number from 0 to 18446744073709551615",
                parse: { UInt64($0.trimmingWhitespace()) }) ?? SimulatedMarket.defaultSeed)
    }
}
