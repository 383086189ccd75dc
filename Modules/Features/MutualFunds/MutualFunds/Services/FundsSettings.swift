import Failures
import Foundation
import Settings

/// What the funds services need to know about their surroundings: where the MF API is, how long cached data
/// stays fresh, the risk-free rate and how many histories are fetched at once.
///
/// A plain value: a reusing app builds one directly; folio resolves it from its configuration with
/// ``init(_:)``, which names the setting a bad value came from.
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

    /// The MF API base URL (`FOLIO_MFAPI_URL`).
    public static let urlKey = ConfigKey("funds.url", environment: "FOLIO_MFAPI_URL", default: "https://api.mfapi.in")
    /// The scheme list's freshness.
    public static let listTTLKey = ConfigKey("funds.listTTL", environment: "FOLIO_FUNDS_LIST_TTL", default: "1h")
    /// A history's freshness.
    public static let historyTTLKey = ConfigKey(
        "funds.historyTTL", environment: "FOLIO_FUNDS_HISTORY_TTL", default: "30m")
    /// The risk-free rate.
    public static let riskFreeKey = ConfigKey(
        "funds.riskFreeRate", environment: "FOLIO_FUNDS_RISK_FREE_RATE", default: "0")
    /// Histories fetched at once.
    public static let concurrencyKey = ConfigKey(
        "funds.concurrency", environment: "FOLIO_FUNDS_CONCURRENCY", default: "4")
    /// AMFI's NAV file (`FOLIO_AMFI_URL`).
    public static let amfiURLKey = ConfigKey(
        "amfi.url", environment: "FOLIO_AMFI_URL", default: "https://www.amfiindia.com/spages/NAVAll.txt")
    /// Every key these settings read, for listings of settings.
    public static let keys = [urlKey, listTTLKey, historyTTLKey, riskFreeKey, concurrencyKey, amfiURLKey]

    /// Resolves every setting from folio's configuration (environment, then `config.json`, then the defaults).
    /// - Throws: ``FolioError`` (usage) naming the variable or `config.json` key of the first malformed value.
    public init(_ configuration: Configuration) throws {
        let defaults = FundsSettings()
        self.init(
            baseURL: try configuration.url(Self.urlKey),
            listTTL: try configuration.duration(Self.listTTLKey) ?? defaults.listTTL,
            historyTTL: try configuration.duration(Self.historyTTLKey) ?? defaults.historyTTL,
            riskFreeRate: try configuration.value(
                Self.riskFreeKey, isNot: "a rate",
                expected: "should be a fraction like 0.065 or a percentage like 6.5%",
                parse: Self.parseRate) ?? defaults.riskFreeRate,
            concurrency: try configuration.value(
                Self.concurrencyKey, isNot: "a number from 1 to 32", expected: "was given",
                parse: { Int($0).flatMap { (1...32).contains($0) ? $0 : nil } }) ?? defaults.concurrency,
            amfiURL: try configuration.url(Self.amfiURLKey))
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
