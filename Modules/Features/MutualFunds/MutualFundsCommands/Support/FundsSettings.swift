import FeatureKit
import Foundation
import MutualFunds
import Timing

/// The feature's settings, resolved from the environment, `config.json` and defaults.
struct FundsSettings: Sendable {
    /// The MF API base URL (`FOLIO_MFAPI_URL`).
    var baseURL: URL
    /// How long the scheme list stays fresh.
    var listTTL: Duration
    /// How long a NAV history stays fresh.
    var historyTTL: Duration
    /// The annual risk-free rate for Sharpe ratios, as a fraction.
    var riskFreeRate: Double
    /// Histories fetched at once by `compare` and `favorites list`.
    var concurrency: Int

    static let urlKey = ConfigKey("funds.url", environment: "FOLIO_MFAPI_URL", default: "https://api.mfapi.in")
    static let listTTLKey = ConfigKey("funds.listTTL", environment: "FOLIO_FUNDS_LIST_TTL", default: "1h")
    static let historyTTLKey = ConfigKey("funds.historyTTL", environment: "FOLIO_FUNDS_HISTORY_TTL", default: "30m")
    static let riskFreeKey = ConfigKey("funds.riskFreeRate", environment: "FOLIO_FUNDS_RISK_FREE_RATE", default: "0")
    static let concurrencyKey = ConfigKey("funds.concurrency", environment: "FOLIO_FUNDS_CONCURRENCY", default: "4")

    /// Reads the settings.
    /// - Throws: ``FolioError`` (usage) naming the setting that is malformed.
    init(_ configuration: Configuration) throws {
        baseURL = try configuration.url(Self.urlKey)
        listTTL = try configuration.duration(Self.listTTLKey) ?? .seconds(3600)
        historyTTL = try configuration.duration(Self.historyTTLKey) ?? .seconds(1800)
        riskFreeRate =
            try configuration.value(
                Self.riskFreeKey, isNot: "a rate", expected: "should be a fraction like 0.065 or a percentage like 6.5%",
                parse: Self.parseRate) ?? 0
        let concurrency = try configuration.value(
            Self.concurrencyKey, isNot: "a number from 1 to 32", expected: "was given",
            parse: { Int($0).flatMap { (1...32).contains($0) ? $0 : nil } })
        self.concurrency = concurrency ?? 4
    }

    /// `0.065` or `6.5%` as the fraction 0.065; nil when it is neither or outside −100 %…100 %.
    static func parseRate(_ text: String) -> Double? {
        var trimmed = text.trimmingWhitespace()
        let isPercent = trimmed.hasSuffix("%")
        if isPercent { trimmed.removeLast() }
        guard let value = Double(trimmed.trimmingWhitespace()), value.isFinite else { return nil }
        let rate = isPercent ? value / 100 : value
        return abs(rate) <= 1 ? rate : nil
    }
}
