import FeatureKit
import Foundation
import Networking
import Racing

/// The feature's settings and services, built from the context.
enum RacingSetup {
    /// The service root: `FOLIO_NEDS_URL`, else `races.url` in config.json, else the public API.
    static let baseURLKey = ConfigKey(
        "races.url", environment: "FOLIO_NEDS_URL", default: NedsRacingClient.defaultBaseURL.absoluteString)
    /// The live board's periodic refresh: `races.refresh` in config.json (`30s`, `1m`), overridden by `--refresh`.
    static let refreshKey = ConfigKey("races.refresh", default: "30s")

    /// The loader over the service the configuration names.
    /// - Throws: ``FolioError`` (usage) when the configured URL is not an http(s) URL.
    static func loader(in context: FeatureContext) throws -> NextToGoLoader {
        let client = NedsRacingClient(http: context.http, baseURL: try context.configuration.url(baseURLKey))
        return NextToGoLoader(source: client)
    }

    /// What the request is, for messages: the endpoint without the query.
    static func source(in context: FeatureContext) throws -> String {
        try context.configuration.url(baseURLKey).appendingPathAndQuery(path: "/rest/v1/racing/", query: [])
            .absoluteString
    }
}
