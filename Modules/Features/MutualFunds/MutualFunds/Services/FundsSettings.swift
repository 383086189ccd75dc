import Failures
import Foundation

/// What the funds services need to know about their surroundings: where the MF API is, how long cached data
/// stays fresh, the risk-free rate and how many histories are fetched at once.
///
/// A plain value: a reusing app builds one directly; folio resolves it from its configuration with
/// ``init(lookup:)``, which names the setting a bad value came from.
public struct FundsSettings: Sendable, Equatable {
    /// The MF API base URL.
    public var baseURL: URL
    /// How long the scheme list stays fresh.
    public var listTTL: Duration
    /// How long a NAV history stays fresh.
    public var historyTTL: Duration
    /// The annual risk-free rate for Sharpe ratios, as a fraction.
    public var riskFreeRate: Double
    /// Histories fetched at once by a comparison and the favourites.
    public var concurrency: Int
    /// AMFI's daily NAV file, the whole URL.
    public var amfiURL: URL

    /// Creates settings; the defaults are folio's.
    public init(
        baseURL: URL = URL(string: "https://api.mfapi.in")!, listTTL: Duration = .seconds(3600),
        historyTTL: Duration = .seconds(1800), riskFreeRate: Double = 0, concurrency: Int = 4,
        amfiURL: URL = URL(string: "https://www.amfiindia.com/spages/NAVAll.txt")!
    ) {
        self.amfiURL = amfiURL
        self.baseURL = baseURL
        self.listTTL = listTTL
        self.historyTTL = historyTTL
        self.riskFreeRate = riskFreeRate
        self.concurrency = concurrency
    }

    /// One setting: its `config.json` key, its environment variable and its default text.
    public struct Key: Sendable, Hashable {
        /// The key in `config.json`, e.g. `funds.historyTTL`.
        public var name: String
        /// The environment variable that overrides the file.
        public var environment: String
        /// The text used when nothing sets it.
        public var defaultValue: String
    }

    /// The MF API base URL (`FOLIO_MFAPI_URL`).
    public static let urlKey = Key(name: "funds.url", environment: "FOLIO_MFAPI_URL", defaultValue: "https://api.mfapi.in")
    /// The scheme list's freshness.
    public static let listTTLKey = Key(name: "funds.listTTL", environment: "FOLIO_FUNDS_LIST_TTL", defaultValue: "1h")
    /// A history's freshness.
    public static let historyTTLKey = Key(
        name: "funds.historyTTL", environment: "FOLIO_FUNDS_HISTORY_TTL", defaultValue: "30m")
    /// The risk-free rate.
    public static let riskFreeKey = Key(
        name: "funds.riskFreeRate", environment: "FOLIO_FUNDS_RISK_FREE_RATE", defaultValue: "0")
    /// Histories fetched at once.
    public static let concurrencyKey = Key(
        name: "funds.concurrency", environment: "FOLIO_FUNDS_CONCURRENCY", defaultValue: "4")
    /// AMFI's NAV file (`FOLIO_AMFI_URL`).
    public static let amfiURLKey = Key(
        name: "amfi.url", environment: "FOLIO_AMFI_URL", defaultValue: "https://www.amfiindia.com/spages/NAVAll.txt")
    /// Every setting, for hosts that list them.
    public static let keys = [urlKey, listTTLKey, historyTTLKey, riskFreeKey, concurrencyKey, amfiURLKey]

    /// A setting's text and where it came from (`FOLIO_FUNDS_HISTORY_TTL`, `config.json key "…" (path)`).
    public struct Text: Sendable {
        /// The text as given.
        public var text: String
        /// Where it was given, named as a user would fix it.
        public var source: String

        /// Creates a looked-up text.
        public init(_ text: String, source: String) {
            self.text = text
            self.source = source
        }
    }

    /// Resolves every setting through `lookup`, which answers each key's text (nil: the default applies).
    /// - Throws: ``FolioError`` (usage) naming the source of the first malformed value.
    public init(lookup: (Key) -> Text?) throws {
        func read<T>(_ key: Key, isNot what: String, expected: String, _ parse: (String) -> T?) throws -> T {
            let given = lookup(key) ?? Text(key.defaultValue, source: "the default \(key.name)")
            guard let value = parse(given.text) else {
                throw FolioError(.usage, "\(given.source) is not \(what)", why: "\"\(given.text)\" \(expected)")
            }
            return value
        }
        let duration = "should look like 90s, 30m, 1h or 2d"
        self.init(
            baseURL: try read(Self.urlKey, isNot: "a valid URL", expected: "is not an http(s) URL", Self.parseURL),
            listTTL: try read(Self.listTTLKey, isNot: "a duration", expected: duration, Self.parseDuration),
            historyTTL: try read(Self.historyTTLKey, isNot: "a duration", expected: duration, Self.parseDuration),
            riskFreeRate: try read(
                Self.riskFreeKey, isNot: "a rate", expected: "should be a fraction like 0.065 or a percentage like 6.5%",
                Self.parseRate),
            concurrency: try read(
                Self.concurrencyKey, isNot: "a number from 1 to 32", expected: "was given",
                { Int($0).flatMap { (1...32).contains($0) ? $0 : nil } }),
            amfiURL: try read(Self.amfiURLKey, isNot: "a valid URL", expected: "is not an http(s) URL", Self.parseURL))
    }

    /// An absolute http(s) URL.
    static func parseURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else { return nil }
        return url
    }

    /// `250ms`, `90s`, `30m`, `1h`, `2d` or plain seconds.
    static func parseDuration(_ text: String) -> Duration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(suffix: String, milliseconds: Int64)] = [
            ("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000),
        ]
        let unit = units.first { trimmed.hasSuffix($0.suffix) } ?? ("", 1000)
        guard let number = Int64(String(trimmed.dropLast(unit.suffix.count))), number >= 0 else { return nil }
        return .milliseconds(number * unit.milliseconds)
    }

    /// `0.065` or `6.5%` as the fraction 0.065; nil when it is neither or outside −100 %…100 %.
    static func parseRate(_ text: String) -> Double? {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        let isPercent = trimmed.hasSuffix("%")
        if isPercent { trimmed.removeLast() }
        guard let value = Double(trimmed.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        let rate = isPercent ? value / 100 : value
        return abs(rate) <= 1 ? rate : nil
    }
}
