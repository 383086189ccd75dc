import Failures
import FeatureCLI
import FeatureHost
import FeatureKit
import FeatureWeb
import Foundation
import Logging
import NetworkingAsyncHTTPClient
import Settings
import Timing

/// What the host knows before any feature runs: where data lives, the configuration, the streams.
struct HostEnvironment: Sendable {
    /// The registered features (``FeatureRegistry/current``).
    var plugins: [FeaturePlugin]
    var home: URL
    var configuration: Configuration
    var terminal: any Terminal
    var style: Style
    var offline: Bool
    var verbose: Bool
    var timing: Timing
    /// Proxies named by `http_proxy`, `https_proxy`, `no_proxy` and friends.
    var proxies = ProxySettings()
    /// `--database-url`, which wins over `FOLIO_DATABASE_URL` and `database.url` (``DatabaseSelection``).
    var databaseURL: String?
    /// The process's one market-data service, built when a feature that needs it first runs, so every face of the
    /// process (commands, pages, alerts, value sources) shares its cache, limits and requests in flight.
    let market = SharedMarketData()
    /// The PostgreSQL pools this process opened: one per database, shared by every namespace.
    var databases = OpenedDatabases()

    /// The features' terminal parts: commands, alert kinds, value sources, device-local records.
    var registry: [FeatureDescriptor] { plugins.map(\.commands) }

    /// Each namespace's records that belong to this device alone (``FeatureDescriptor/deviceLocalKeys``): never
    /// copied, exported or replaced along with the shared data.
    var deviceLocalKeys: [String: Set<String>] {
        Dictionary(
            uniqueKeysWithValues: registry.filter { !$0.deviceLocalKeys.isEmpty }.map { ($0.id, $0.deviceLocalKeys) })
    }

    /// The web faces of the features configuration has not disabled, in the registry's order.
    var enabledWebFeatures: [WebFeature] {
        plugins.filter { !configuration.disabledFeatures.contains($0.id) }.compactMap(\.web)
    }

    /// The database the host opens.
    func database() throws -> DatabaseSelection {
        try DatabaseSelection.resolve(flag: databaseURL, configuration: configuration, home: home)
    }

    /// Resolves `FOLIO_HOME`: `--home`, then the environment, then `$XDG_DATA_HOME/folio`, then
    /// `~/.local/share/folio`.
    static func resolveHome(flag: String?, environment: [String: String]) -> URL {
        if let flag, !flag.isEmpty { return URL(fileURLWithPath: expandTilde(flag, environment: environment)) }
        if let home = environment["FOLIO_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: expandTilde(home, environment: environment))
        }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
            return URL(fileURLWithPath: data).appendingPathComponent("folio")
        }
        let user = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: user).appendingPathComponent(".local/share/folio")
    }

    private static func expandTilde(_ path: String, environment: [String: String]) -> String {
        guard path.hasPrefix("~") else { return path }
        return (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst()
    }

    /// Reads `$FOLIO_HOME/config.json`: string (or number/bool) values by key, plus `disabledFeatures`.
    /// - Throws: ``FolioError`` (data error) naming the file when it is not a JSON object.
    static func loadConfiguration(home: URL, environment: [String: String]) throws -> Configuration {
        let file = home.appendingPathComponent("config.json")
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return Configuration(environment: environment)
        }
        guard case .object(let object)? = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            throw FolioError(
                .dataError, "\(file.path) is not valid configuration", why: "expected a JSON object of settings")
        }
        var values: [String: String] = [:]
        var disabled: Set<String> = []
        for (key, value) in object {
            switch value {
            case .string(let text): values[key] = text
            case .number(let number): values[key] = "\(number)"
            case .bool(let flag): values[key] = flag ? "true" : "false"
            case .array(let items) where key == "disabledFeatures":
                for case .string(let id) in items { disabled.insert(id) }
            default: continue
            }
        }
        var configuration = Configuration(
            environment: environment, file: values, disabledFeatures: disabled, filePath: file.path)
        configuration.fileKeys = Set(object.keys)
        return configuration
    }

    /// A logger to stderr: warnings by default, everything with `-v`.
    func logger(label: String) -> Logger {
        let level: Logger.Level = verbose ? .debug : .warning
        return Logger(label: label) { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}
