import Foundation
import MarketData
import Settings

/// What the host's configuration says about the feature: how long prices stay current and the seed of the
/// feature's own simulated market (used when the host gives no market data). Where prices come from is the
/// market-data kernel's setting (`market.provider`). A plain value, so a reusing app fills it from wherever it
/// keeps settings.
public struct StocksSettings: Sendable, Equatable {
    /// How long fetched prices count as current.
    public var quotesTTL: Duration
    /// The simulated market's seed.
    public var seed: UInt64
    /// The time zone that decides which day a value snapshot belongs to.
    public var timeZone: TimeZone

    /// Creates the settings; the defaults are prices current for 60 s.
    public init(
        quotesTTL: Duration = .seconds(60), seed: UInt64 = SimulatedMarket.defaultSeed, timeZone: TimeZone = .current
    ) {
        self.quotesTTL = quotesTTL
        self.seed = seed
        self.timeZone = timeZone
    }

    /// How long fetched prices count as current.
    public static let quotesTTLKey = MarketSettings.quotesTTLKey
    /// The simulated market's seed.
    public static let seedKey = MarketSettings.seedKey

    /// The settings from folio's configuration (environment, then `config.json`, then the defaults).
    /// - Throws: ``FolioError`` (usage) naming the variable or `config.json` key of a bad time to live or seed.
    public init(_ configuration: Configuration) throws {
        self.init(
            quotesTTL: try configuration.duration(Self.quotesTTLKey) ?? .seconds(60),
            seed: try configuration.value(
                Self.seedKey, isNot: "a seed", expected: "should be a whole number from 0 to 18446744073709551615",
                parse: { UInt64($0.trimmingWhitespace()) }) ?? SimulatedMarket.defaultSeed)
    }
}
