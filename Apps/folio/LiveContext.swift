import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Logging
import MarketData
import MarketDataAlphaVantage
import MarketDataYahoo
import Networking
import NetworkingAsyncHTTPClient
import Persistence
import PersistenceSQLite
import Timing

/// The composition root: the only place live kernels are built. Each is built once per process and only
/// when the feature that runs declares it needs it.
enum LiveContext {
    /// The SQLite file under `FOLIO_HOME`.
    static func databaseURL(home: URL) -> URL { home.appendingPathComponent("folio.sqlite") }

    static func make(for feature: FeatureDescriptor, host: HostEnvironment) throws -> FeatureContext {
        let logger = host.logger(label: "folio.\(feature.id)")
        let http: any HTTPClient =
            host.offline || !feature.requirements.contains(.network)
            ? OfflineHTTPClient(reason: host.offline ? "--offline was given" : "\(feature.id) declares no network use")
            : liveHTTP(host: host, logger: logger)
        let store: any KeyValueStore
        if feature.requirements.contains(.persistence) {
            let (database, home, timing, namespace) = (try host.database(), host.home, host.timing, feature.id)
            let (localKeys, opened) = (feature.deviceLocalKeys, host.databases)
            store = LazyKeyValueStore(namespace: namespace) {
                try database.store(
                    namespace: namespace, opened: opened, home: home, timing: timing, deviceLocalKeys: localKeys)
            }
        } else {
            store = InMemoryDatabase().store(namespace: feature.id)
        }
        var context = FeatureContext(
            featureID: feature.id, http: http, store: store, timing: host.timing,
            ticker: Ticker(clock: host.timing.clock), configuration: host.configuration, terminal: host.terminal,
            style: host.style, logger: logger, offline: host.offline, home: host.home)
        context.valueSources = ValueSourceWiring.directory(host: host)
        if feature.requirements.contains(.marketData) {
            context.marketData = try host.market.service {
                let http: any HTTPClient =
                    host.offline
                    ? OfflineHTTPClient(reason: "--offline was given")
                    : liveHTTP(host: host, logger: host.logger(label: "folio.market"))
                return try marketData(host: host, http: http)
            }
        }
        return context
    }
}

extension LiveContext {
    /// The retrying, per-host-bounded client over the live transport, built on its first request.
    static func liveHTTP(host: HostEnvironment, logger: Logger) -> any HTTPClient {
        let transport = LazyHTTPClient {
            AsyncHTTPClientTransport(
                configuration: .init(userAgent: "folio/\(FolioVersion.current) (Linux; Swift)", proxies: host.proxies))
        }
        let limited = ConcurrencyLimitedHTTPClient(base: transport, maxPerHost: 4)
        return RetryingHTTPClient(
            base: limited, timing: host.timing,
            onRetry: RetryNotice.reporter(terminal: host.terminal, debug: { logger.debug("\($0)") }))
    }

    /// The market data every feature shares, as `market.provider` chooses: Yahoo (and Alpha Vantage after it when
    /// a key is set), Alpha Vantage then Yahoo, or the simulated market; each live provider under its rate limit,
    /// over `http` (the host's retrying client, or the offline one), storing in the `market` namespace.
    static func marketData(host: HostEnvironment, http: any HTTPClient) throws -> MarketDataService {
        let settings = try MarketSettings(host.configuration)
        let (database, home, timing, opened) = (try host.database(), host.home, host.timing, host.databases)
        let store = LazyKeyValueStore(namespace: "market") {
            try database.store(namespace: "market", opened: opened, home: home, timing: timing)
        }
        return settings.service(store: store, timing: timing) { choice in
            switch choice {
            case .yahoo: YahooFinanceProvider(http: http, baseURL: settings.yahooURL, timing: timing)
            case .alphavantage:
                settings.alphaVantageKey.map {
                    AlphaVantageProvider(http: http, apiKey: $0, baseURL: settings.alphaVantageURL, timing: timing)
                }
            case .simulated: SimulatedMarket(store: store, timing: timing, seed: settings.seed)
            }
        }
    }
}

/// The client used with `--offline`: any request is a bug in the feature, reported clearly.
struct OfflineHTTPClient: HTTPClient {
    let reason: String

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw FolioError(
            .unavailable, "\(request.url.absoluteString) was not fetched", why: reason,
            hint: "run without --offline to fetch it")
    }
}

/// Builds the live transport on the first request: a command answered from a fresh cache never pays for
/// the transport's set-up (its connection pool and NIO's event-loop threads).
final class LazyHTTPClient: HTTPClient, Sendable {
    private let client: BuiltOnFirstUse<any HTTPClient>

    init(_ make: @escaping @Sendable () -> any HTTPClient) { client = BuiltOnFirstUse(make) }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await client.value().send(request)
    }
}
