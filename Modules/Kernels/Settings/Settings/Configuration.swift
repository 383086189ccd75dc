import Failures
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
    /// The path of the `config.json` that `file` was read from, named in errors about its values.
    public var filePath: String?
    /// Every top-level key `config.json` holds, also those whose value is not one setting (a nested object), so
    /// that a key no setting reads can be said rather than ignored.
    public var fileKeys: Set<String> = []

    /// Creates a configuration from its sources.
    public init(
        environment: [String: String] = [:], file: [String: String] = [:], disabledFeatures: Set<String> = [],
        filePath: String? = nil
    ) {
        self.environment = environment
        self.file = file
        self.disabledFeatures = disabledFeatures
        self.filePath = filePath
    }

    /// Where the value of `key` comes from, for errors that must blame the right thing.
    public func source(of key: ConfigKey) -> ConfigurationSource {
        if let variable = key.environment, let value = environment[variable], !value.isEmpty {
            return .environment(variable)
        }
        if file[key.name] != nil { return .file(key: key.name, path: filePath ?? "config.json") }
        return .defaultValue(key: key.name)
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
                .usage, "\(source(of: key)) is not a valid URL", why: "\"\(text)\" is not an http(s) URL")
        }
        return url
    }

    /// The resolved value as a duration written `90s`, `30m`, `1h`, `2d` or plain seconds.
    /// - Throws: ``FolioError`` (usage) when the text is not a duration.
    public func duration(_ key: ConfigKey) throws -> Duration? {
        try value(
            key, isNot: "a duration", expected: "should look like 90s, 30m, 1h or 2d",
            parse: Configuration.parseDuration)
    }

    /// The resolved value of `key` read by `parse`; nil when nothing sets it.
    /// - Throws: ``FolioError`` (usage) `<source> is not <what>`, naming the variable or the `config.json` key the
    ///   text came from, so a bad file value is never blamed on an environment variable.
    public func value<Value>(
        _ key: ConfigKey, isNot what: String, expected: String, parse: (String) -> Value?
    ) throws -> Value? {
        guard let text = string(key) else { return nil }
        guard let value = parse(text) else {
            throw FolioError(.usage, "\(source(of: key)) is not \(what)", why: "\"\(text)\" \(expected)")
        }
        return value
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

/// Where a setting's value came from: a flag, an environment variable, a `config.json` key, or the default.
/// Its description names it the way a user would fix it: `--refresh`, `FOLIO_MFAPI_URL`,
/// `config.json key "funds.historyTTL" (/home/ana/.local/share/folio/config.json)`.
public enum ConfigurationSource: Sendable, Hashable, CustomStringConvertible {
    /// A command-line flag, e.g. `--refresh`.
    case flag(String)
    /// An environment variable.
    case environment(String)
    /// A key of the `config.json` at `path`.
    case file(key: String, path: String)
    /// Nothing set it; the built-in default of the key.
    case defaultValue(key: String)

    /// Whether the value is folio's own default (nothing for the user to check).
    public var isDefault: Bool {
        if case .defaultValue = self { return true }
        return false
    }

    /// The setting alone: `--refresh`, `FOLIO_MFAPI_URL`, `"funds.url" in /path/config.json`.
    public var setting: String {
        switch self {
        case .flag(let name): name
        case .environment(let name): name
        case .file(let key, let path): "\"\(key)\" in \(path)"
        case .defaultValue(let key): "the default of \(key)"
        }
    }

    /// The text a person reads.
    public var description: String {
        switch self {
        case .flag(let name): name
        case .environment(let name): name
        case .file(let key, let path): "config.json key \"\(key)\" (\(path))"
        case .defaultValue(let key): "the default \(key)"
        }
    }
}

extension Configuration {
    /// A duration given by `flag` when the command line has one, else the configured `key`; errors name the
    /// source the bad text came from.
    /// - Throws: ``FolioError`` (usage) naming the flag, the variable or the `config.json` key.
    public func duration(_ key: ConfigKey, flag: (name: String, value: String)?) throws -> Duration? {
        guard let flag else { return try duration(key) }
        guard let duration = Configuration.parseDuration(flag.value) else {
            throw FolioError(
                .usage, "\(ConfigurationSource.flag(flag.name)) is not a duration",
                why: "\"\(flag.value)\" should look like 90s, 30m, 1h or 2d")
        }
        return duration
    }
}
