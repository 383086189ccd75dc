import Foundation
import Money
import Timing

/// The net worth on a date with every account, as `folio networth summary --format json` prints it and
/// `/api/networth/summary` returns it.
public struct SummaryReport: Codable, Sendable, Equatable {
    /// The date valued.
    public var asOf: CalendarDate
    /// The base currency of every total.
    public var currency: String
    /// Whether pensions count.
    public var includePensions: Bool
    /// Whether mortgages count.
    public var includeMortgages: Bool
    /// Σ counted assets − Σ counted debts, over the accounts that could be valued.
    public var netWorth: Amount
    /// Σ counted assets that could be valued.
    public var assets: Amount
    /// Σ counted debts that could be valued, as the positive amount owed.
    public var debts: Amount
    /// The change between the two latest update dates; null until there are two, or when it needs a missing rate.
    @NullEncodable public var changeSinceLastUpdate: PortfolioChangeReport?
    /// Every account, counted or not, in the order added.
    public var accounts: [SummaryAccount]
    /// How each counted foreign currency was converted on `asOf`.
    public var conversions: [ConversionReport]
    /// What is left out of the totals and why (a missing rate); empty when everything was valued.
    public var warnings: [String]
}

/// One account of the summary.
public struct SummaryAccount: Codable, Sendable, Equatable {
    /// The name as typed.
    public var name: String
    /// The account type (`savings`, `mortgage`, …).
    public var type: AccountType
    /// Whether it is a debt (subtracted).
    public var debt: Bool
    /// The account's currency.
    public var currency: String
    /// Whether it counts towards net worth.
    public var counted: Bool
    /// `excluded`, `pensions excluded` or `mortgages excluded`; null when counted.
    @NullEncodable public var excludedBecause: String?
    /// Why a counted balance has no value (a missing rate); null when it has one or needs none.
    @NullEncodable public var unvaluedBecause: String?
    /// The latest balance in the account's currency; null before its first update.
    @NullEncodable public var balance: Amount?
    /// The balance in the base currency; null when not counted, before the first update or without a rate.
    @NullEncodable public var value: Amount?
    /// The date of the latest balance.
    @NullEncodable public var lastUpdate: CalendarDate?
    /// The balance before the latest one.
    @NullEncodable public var previousBalance: Amount?
    /// `balance − previousBalance`.
    @NullEncodable public var change: Amount?
    /// `change ÷ |previousBalance|` to six places.
    @NullEncodable public var changePercent: Amount?
    /// Whether the change is good news.
    @NullEncodable public var trend: Trend?
    /// The value source the account follows (`stocks:portfolio/test@stockport.com`); null when it follows none.
    @NullEncodable public var source: String?
    /// How the balance was found: `live` (read from the source now), `stale`, `unavailable` or `nothing` (the last
    /// recorded balance is shown, see `sourceProblem`), `recorded` (a past date); null when it follows none.
    @NullEncodable public var sourceStatus: String?
    /// When the value read from the source was true; null when none was read.
    @NullEncodable public var sourceAsOf: Date?
    /// Why the last recorded balance is shown instead of the source's value; null when it is not.
    @NullEncodable public var sourceProblem: String?

    /// The CSV columns, in JSON key names.
    public static let columns = [
        "name", "type", "debt", "currency", "counted", "excludedBecause", "unvaluedBecause", "balance", "value",
        "lastUpdate", "previousBalance", "change", "changePercent", "trend", "source", "sourceStatus", "sourceAsOf",
        "sourceProblem",
    ]
}

/// The portfolio's change since the last update date.
public struct PortfolioChangeReport: Codable, Sendable, Equatable {
    /// The most recent update date of any account.
    public var latestDate: CalendarDate
    /// The update date before it.
    public var previousDate: CalendarDate
    /// Net worth then and now.
    public var netWorth: ChangeReport
    /// Assets then and now.
    public var assets: ChangeReport
    /// Debts then and now (a fall is good news).
    public var debts: ChangeReport

    /// The report of `change`.
    public init(_ change: PortfolioChange) {
        latestDate = change.latestDate
        previousDate = change.previousDate
        netWorth = ChangeReport(change.netWorth)
        assets = ChangeReport(change.assets)
        debts = ChangeReport(change.debts)
    }
}

/// How a foreign currency was converted into the base currency.
public struct ConversionReport: Codable, Sendable, Equatable {
    /// The account currency.
    public var currency: String
    /// `direct`, `inverse` or `cross`.
    public var method: String
    /// The third currency of a cross rate; null otherwise.
    @NullEncodable public var via: String?
    /// Base units per unit of `currency`, to six places.
    public var rate: Amount
    /// In words: `GBP→USD 1.25: the inverse of the USD→GBP rate of 2024-01-01 (0.8)`.
    public var explanation: String

    /// The report of `conversion`.
    public init(_ conversion: Conversion) {
        currency = conversion.currency
        method = conversion.method
        via = conversion.via
        rate = conversion.effectiveRate
        explanation = conversion.explanation
    }
}
