import FeatureKit
import Foundation
import Networking
import Racing

/// The feature's settings and services, built from the context: `let services = RacingServices(context: context)`.
struct RacingServices: Sendable {
    /// The service root: `FOLIO_NEDS_URL`, else `races.url` in config.json, else the public API.
    static let baseURLKey = ConfigKey(
        "races.url", environment: "FOLIO_NEDS_URL", default: NedsRacingClient.defaultBaseURL.absoluteString)
    /// The live board's periodic refresh: `races.refresh` in config.json (`30s`, `1m`), overridden by `--refresh`.
    static let refreshKey = ConfigKey("races.refresh", default: "30s")

    let context: FeatureContext

    init(context: FeatureContext) {
        self.context = context
    }

    /// The service root the configuration names.
    /// - Throws: ``FolioError`` (usage) when it is not an http(s) URL.
    func baseURL() throws -> URL {
        try context.configuration.url(Self.baseURLKey)
    }

    /// The loader over the service the configuration names.
    /// - Throws: ``FolioError`` (usage) when the configured URL is not an http(s) URL.
    func loader() throws -> NextToGoLoader {
        NextToGoLoader(source: NedsRacingClient(http: context.http, baseURL: try baseURL()))
    }

    /// What the request is, for messages: the endpoint without the query.
    func source() throws -> String {
        try baseURL().appendingPathAndQuery(path: "/rest/v1/racing/", query: []).absoluteString
    }

    /// The board saved by the last successful fetch, for `--offline` and failures.
    var boardCache: BoardCache { BoardCache(services: self) }
}
