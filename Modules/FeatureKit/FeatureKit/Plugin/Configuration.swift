import Foundation

/// A configuration setting: its key in `config.json`, its environment variable and its default.
public struct ConfigKey: Sendable, Hashable {
    /// The key in `$FOLIO_HOME/config.json`, e.g. `funds.historyTTL`.
    public var name: String
    /// The environment variable that overrides the file, e.g. `FOLIO_MFAPI_URL`.
    public var environment: String?
    /// The value when nothing else sets it.
    public var defaultValue: String?

    /// Creates a key.
    public init(_ name: String, environment: String? = nil, default defaultValue: String? = nil) {
        self.name = name
        self.environment = environment
        self.defaultValue = defaultValue
    }
}

/// Settings resolved with the precedence environment > `config.json` > defaults (flags win over all of
/// these in the command that reads them).
public struct Configuration: Sendable {
    /// The environment variables.
    public var environment: [String: String]
    /// The flat string values of `config.json`.
    public var file: [String: String]
    /// The features `config.json` disables (`"disabledFeatures": ["races"]`).
    public var disabledFeatures: Set<String>

    /// Creates a configuration from its sources.
    public init(environment: [String: String] = [:], file: [String: String] = [:], disabledFeatures: Set<String> = []) {
        self.environment = environment
        self.file = file
        self.disabledFeatures = disabledFeatures
    }

    /// The resolved value for `key`, or nil when no source sets it.
    public func string(_ key: ConfigKey) -> String? {
        if let variable = key.environment, let value = environment[variable], !value.isEmpty { return value }
        if let value = file[key.name] { return value }
        return key.defaultValue
    }

    /// The resolved value as an absolute http(s) URL.
    /// - Throws: ``FolioError`` (usage) naming the source when the value is missing or not a URL.
    public func url(_ key: ConfigKey) throws -> URL {
        guard let text = string(key) else {
            throw FolioError(.usage, "\(key.name) is not set", hint: key.environment.map { "set \($0)" })
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else {
            throw FolioError(
                .usage, "\(key.environment ?? key.name) is not a valid URL", why: "\"\(text)\" is not an http(s) URL")
        }
        return url
    }

    /// The resolved value as a duration written `90s`, `30m`, `1h`, `2d` or plain seconds.
    /// - Throws: ``FolioError`` (usage) when the text is not a duration.
    public func duration(_ key: ConfigKey) throws -> Duration? {
        guard let text = string(key) else { return nil }
        guard let duration = Configuration.parseDuration(text) else {
            throw FolioError(
                .usage, "\(key.environment ?? key.name) is not a duration",
                why: "\"\(text)\" should look like 90s, 30m, 1h or 2d")
        }
        return duration
    }

    /// Parses `90s`, `30m`, `1h`, `2d` or a plain number of seconds.
    public static func parseDuration(_ text: String) -> Duration? {
        let trimmed = text.trimmingWhitespace().lowercased()
        guard !trimmed.isEmpty else { return nil }
        let units: [(String, Int64)] = [("ms", 0), ("s", 1), ("m", 60), ("h", 3600), ("d", 86_400)]
        for (suffix, seconds) in units where trimmed.hasSuffix(suffix) {
            // Parsed from a String: `Int64(_: Substring)` is generic and looks up a conformance by name at run time.
            guard let number = Int64(String(trimmed.dropLast(suffix.count))), number >= 0 else { return nil }
            return seconds == 0 ? .milliseconds(number) : .seconds(number * seconds)
        }
        guard let number = Int64(trimmed), number >= 0 else { return nil }
        return .seconds(number)
    }
}
