import Foundation
import Money
import Timing

/// What `folio funds show` reports about one scheme, and what `/api/funds/{code}` answers: meta, the latest NAV
/// and its age, returns, risk, and how fresh the data is. Encoded with `null` for every absent figure.
public struct FundShowReport: Codable, Sendable, Equatable {
    /// A period's return.
    public struct Return: Codable, Sendable, Equatable {
        /// End NAV / start NAV − 1.
        public var absolute: Double
        /// The CAGR, for periods of a year or more.
        @NullEncodable public var annualized: Double?
        /// The start NAV's date.
        public var fromDate: String
        /// The end NAV's date.
        public var toDate: String
    }

    /// The largest fall over the range.
    public struct MaxDrawdown: Codable, Sendable, Equatable {
        /// Trough / peak − 1 (zero or negative).
        public var value: Double
        /// The peak's date, nil when the NAV never fell.
        @NullEncodable public var peakDate: String?
        /// The trough's date, nil when the NAV never fell.
        @NullEncodable public var troughDate: String?
    }

    /// A period's return or an explicit null.
    public struct NullableReturn: Codable, Sendable, Equatable {
        /// The return, nil when the history does not cover the period.
        public var value: Return?

        /// Wraps a return.
        public init(value: Return?) { self.value = value }

        /// Decodes a return or null.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            value = container.decodeNil() ? nil : try container.decode(Return.self)
        }

        /// Encodes the return or null.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            if let value { try container.encode(value) } else { try container.encodeNil() }
        }
    }

    /// The scheme code.
    public var code: Int
    /// The scheme's name.
    public var name: String
    /// The fund house.
    @NullEncodable public var fundHouse: String?
    /// The asset class.
    @NullEncodable public var category: AssetClass?
    /// AMFI's category text.
    @NullEncodable public var schemeCategory: String?
    /// Direct or regular.
    @NullEncodable public var plan: Plan?
    /// Growth or IDCW.
    @NullEncodable public var option: PayoutOption?
    /// The growth option's ISIN.
    @NullEncodable public var isinGrowth: String?
    /// The IDCW reinvestment ISIN.
    @NullEncodable public var isinDivReinvestment: String?
    /// The latest NAV.
    public var nav: Amount
    /// The latest NAV's date.
    public var navDate: String
    /// Calendar days (in India) since the latest NAV.
    public var navAgeDays: Int
    /// Latest − previous NAV.
    @NullEncodable public var dailyChange: Amount?
    /// Latest / previous − 1.
    @NullEncodable public var dailyChangePercent: Double?
    /// Returns keyed by period (`1W` … `SI`), null when not covered.
    public var returns: [String: NullableReturn]
    /// The range of the drawdown and the chart.
    public var range: String
    /// Annualised volatility over the last year.
    @NullEncodable public var volatility: Double?
    /// The largest fall over the range.
    @NullEncodable public var maxDrawdown: MaxDrawdown?
    /// Sharpe (1Y).
    @NullEncodable public var sharpe: Double?
    /// The risk-free rate used.
    public var riskFreeRate: Double
    /// Whether the data is past its freshness or stood in for a failed fetch.
    public var stale: Bool
    /// When the data was fetched from the MF API.
    public var asOf: Date
    /// Why a fresh copy could not be had, when the data is stale because of a failure.
    @NullEncodable public var staleReason: String?
    /// Rows of the API's answer that were skipped.
    public var skippedRows: Int
    /// Why each null figure is not available, keyed by period or by `volatility`, `maxDrawdown`, `sharpe`.
    public var unavailable: [String: String]
    /// Where the latest NAV comes from: `mfapi` (the history), or `amfi` when the MF API is unavailable and AMFI's
    /// daily file stands in ("latest NAV from AMFI": every figure that needs the history is then null).
    public var latestNAVSource: NAVSource
    /// Why the MF API's history could not be had, when the latest NAV comes from AMFI.
    @NullEncodable public var mfapiFailure: String?

    /// The report of `report` over `history`, `today` being the date in India.
    public init(history: NAVHistory, report: FundReport, today: CalendarDate, freshness: Freshness) {
        let profile = SchemeClassifier.profile(meta: history.meta, name: history.name)
        code = history.code
        name = history.name
        fundHouse = profile.fundHouse
        category = profile.assetClass
        schemeCategory = history.meta.schemeCategory
        plan = profile.plan
        option = profile.option
        isinGrowth = history.meta.isinGrowth
        isinDivReinvestment = history.meta.isinDivReinvestment
        nav = report.latest.nav
        navDate = report.latest.date.iso8601
        navAgeDays = history.ageInDays(today: today) ?? 0
        dailyChange = report.dailyChange
        dailyChangePercent = report.dailyChangePercent
        var returns: [String: NullableReturn] = [:]
        for period in ReturnPeriod.allCases {
            returns[period.rawValue] = NullableReturn(
                value: report.returns[period].map {
                    Return(
                        absolute: $0.absolute, annualized: $0.annualized, fromDate: $0.fromDate.iso8601,
                        toDate: $0.toDate.iso8601)
                })
        }
        self.returns = returns
        range = report.range.rawValue
        volatility = report.volatility
        maxDrawdown = report.maxDrawdown.map {
            MaxDrawdown(value: $0.value, peakDate: $0.peakDate?.iso8601, troughDate: $0.troughDate?.iso8601)
        }
        sharpe = report.sharpe
        riskFreeRate = report.riskFreeRate
        stale = freshness.stale
        asOf = freshness.asOf
        staleReason = freshness.staleReason
        skippedRows = history.skippedRows
        unavailable = report.unavailable.mapValues(\.description)
        latestNAVSource = .mfapi
        mfapiFailure = nil
    }
}
