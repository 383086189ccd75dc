import Failures
import Foundation
import Persistence
import Settings
import Timing

/// Which provider prices come from, where the live ones are, and how politely to ask them: read once from
/// folio's configuration, for the host's composition root.
public struct MarketSettings: Sendable, Equatable {
    /// A provider that settings may choose.
    public enum Provider: String, Sendable, Equatable, CaseIterable {
        /// Yahoo Finance's v8 chart API (unofficial, no key).
        case yahoo
        /// Alpha Vantage (needs a key).
        case alphavantage
        /// The bundled simulated market (no network).
        case simulated
    }

    /// The provider asked first.
    public var provider: Provider
    /// Yahoo's base URL.
    public var yahooURL: URL
    /// Alpha Vantage's base URL.
    public var alphaVantageURL: URL
    /// The Alpha Vantage key, when one is set.
    public var alphaVantageKey: String?
    /// How long a fetched quote counts as current.
    public var quotesTTL: Duration
    /// The limit on requests to Yahoo.
    public var yahooLimit: RateLimit
    /// The limit on requests to Alpha Vantage.
    public var alphaVantageLimit: RateLimit
    /// The simulated market's seed.
    public var seed: UInt64

    /// Creates settings; the defaults are Yahoo first and quotes current for 60 s.
    public init(
        provider: Provider = .yahoo, yahooURL: URL = URL(string: "https://query1.finance.yahoo.com")!,
        alphaVantageURL: URL = URL(string: "https://www.alphavantage.co")!, alphaVantageKey: String? = nil,
        quotesTTL: Duration = .seconds(60), yahooLimit: RateLimit = .yahoo,
        alphaVantageLimit: RateLimit = .alphaVantage,
        seed: UInt64 = SimulatedMarket.defaultSeed
    ) {
        self.provider = provider
        self.yahooURL = yahooURL
        self.alphaVantageURL = alphaVantageURL
        self.alphaVantageKey = alphaVantageKey
        self.quotesTTL = quotesTTL
        self.yahooLimit = yahooLimit
        self.alphaVantageLimit = alphaVantageLimit
        self.seed = seed
    }

    /// `yahoo` (default), `alphavantage` or `simulated`.
    public static let providerKey = ConfigKey("market.provider", environment: "FOLIO_MARKET", default: "yahoo")
    /// Yahoo's base URL.
    public static let yahooURLKey = ConfigKey(
        "market.yahooURL", environment: "FOLIO_YAHOO_URL", default: "https://query1.finance.yahoo.com")
    /// Alpha Vantage's key.
    public static let alphaVantageKeyKey = ConfigKey("market.alphaVantageKey", environment: "FOLIO_ALPHAVANTAGE_KEY")
    /// Alpha Vantage's base URL.
    public static let alphaVantageURLKey = ConfigKey(
        "market.alphaVantageURL", environment: "FOLIO_ALPHAVANTAGE_URL", default: "https://www.alphavantage.co")
    /// How long quotes stay current: the stocks feature's setting, which every face of the market shares.
    public static let quotesTTLKey = ConfigKey("stocks.quotesTTL", environment: "FOLIO_QUOTES_TTL", default: "60s")
    /// The simulated market's seed: the stocks feature's setting, so practice prices follow the same path as before.
    public static let seedKey = ConfigKey("stocks.seed", environment: "FOLIO_STOCKS_SEED")
    /// Requests a minute, in flight and least gap, per live provider (`config.json` only).
    public static let limitKeys: [Provider: (perMinute: ConfigKey, inFlight: ConfigKey, minimumGap: ConfigKey)] = [
        .yahoo: (
            ConfigKey("market.yahoo.perMinute"), ConfigKey("market.yahoo.inFlight"),
            ConfigKey("market.yahoo.minimumGap")
        ),
        .alphavantage: (
            ConfigKey("market.alphaVantage.perMinute"), ConfigKey("market.alphaVantage.inFlight"),
            ConfigKey("market.alphaVantage.minimumGap")
        ),
    ]

    /// Every key these settings read, for listings of settings.
    public static var keys: [ConfigKey] {
        [providerKey, yahooURLKey, alphaVantageKeyKey, alphaVantageURLKey, quotesTTLKey, seedKey]
            + [Provider.yahoo, .alphavantage].flatMap { provider -> [ConfigKey] in
                let keys = limitKeys[provider]!
                return [keys.perMinute, keys.inFlight, keys.minimumGap]
            }
    }

    /// The settings from folio's configuration (environment, then `config.json`, then the defaults).
    /// - Throws: ``FolioError`` (usage) naming the variable or `config.json` key of a bad value.
    public init(_ configuration: Configuration) throws {
        let provider =
            try configuration.value(
                Self.providerKey, isNot: "a market data provider",
                expected: "should be yahoo, alphavantage or simulated",
                parse: { Provider(rawValue: $0.trimmingWhitespace().lowercased()) }) ?? .yahoo
        let key = configuration.string(Self.alphaVantageKeyKey)?.trimmingWhitespace()
        self.init(
            provider: provider, yahooURL: try configuration.url(Self.yahooURLKey),
            alphaVantageURL: try configuration.url(Self.alphaVantageURLKey),
            alphaVantageKey: key?.isEmpty == false ? key : nil,
            quotesTTL: try configuration.duration(Self.quotesTTLKey) ?? .seconds(60),
            yahooLimit: try Self.limit(.yahoo, configuration, default: .yahoo),
            alphaVantageLimit: try Self.limit(.alphavantage, configuration, default: .alphaVantage),
            seed: try configuration.value(
                Self.seedKey, isNot: "a seed", expected: "should be a whole number from 0 to 18446744073709551615",
                parse: { UInt64($0.trimmingWhitespace()) }) ?? SimulatedMarket.defaultSeed)
        if provider == .alphavantage, alphaVantageKey == nil {
            throw FolioError(
                .usage, "\(configuration.source(of: Self.providerKey)) chooses Alpha Vantage, which needs a key",
                why: "no key is set", hint: "set FOLIO_ALPHAVANTAGE_KEY (free at alphavantage.co), or choose yahoo")
        }
    }

    /// The providers in the order they are asked: the chosen one, then the other live provider when it can be
    /// used (Alpha Vantage only with a key). The simulated market stands alone: practice prices never mix with
    /// real ones.
    public var order: [Provider] {
        switch provider {
        case .simulated: [.simulated]
        case .yahoo: alphaVantageKey == nil ? [.yahoo] : [.yahoo, .alphavantage]
        case .alphavantage: [.alphavantage, .yahoo]
        }
    }

    /// The limit configured for `provider`; the simulated market has none.
    public func limit(for provider: Provider) -> RateLimit? {
        switch provider {
        case .yahoo: yahooLimit
        case .alphavantage: alphaVantageLimit
        case .simulated: nil
        }
    }

    private static func limit(
        _ provider: Provider, _ configuration: Configuration, default fallback: RateLimit
    ) throws
        -> RateLimit
    {
        let keys = limitKeys[provider]!
        let count: (String) -> Int? = { Int($0.trimmingWhitespace()).flatMap { $0 >= 1 ? $0 : nil } }
        var limit = fallback
        limit.perMinute =
            try configuration.value(
                keys.perMinute, isNot: "a request count", expected: "should be a whole number from 1", parse: count)
            ?? fallback.perMinute
        limit.inFlight =
            try configuration.value(
                keys.inFlight, isNot: "a request count", expected: "should be a whole number from 1", parse: count)
            ?? fallback.inFlight
        limit.minimumGap = try configuration.duration(keys.minimumGap) ?? fallback.minimumGap
        return limit
    }

    /// Builds the service from `make`, which turns each provider of ``order`` into a provider value (nil to leave
    /// it out); each live one is put under its limit.
    public func service(
        store: any KeyValueStore, timing: Timing, make: (Provider) -> (any MarketDataProvider)?
    ) -> MarketDataService {
        let providers: [any MarketDataProvider] = order.compactMap { choice in
            guard let provider = make(choice) else { return nil }
            return limit(for: choice).map { provider.limited($0, timing: timing) } ?? provider
        }
        return MarketDataService(providers: providers, store: store, timing: timing, quoteTTL: quotesTTL)
    }
}
