import Failures
import Foundation
import Money
import Timing

/// One scheme of a comparison: a row of `folio funds compare --format json`.
public struct CompareRow: Codable, Sendable, Equatable {
    /// The scheme code.
    public var code: Int
    /// The scheme's name.
    public var name: String
    /// The fund house.
    @NullEncodable public var fundHouse: String?
    /// The asset class.
    @NullEncodable public var category: AssetClass?
    /// The latest NAV.
    public var nav: Amount
    /// The latest NAV's date.
    public var navDate: String
    /// The 1Y point-to-point return.
    @NullEncodable public var return1Y: Double?
    /// The 3Y CAGR.
    @NullEncodable public var cagr3Y: Double?
    /// The 5Y CAGR.
    @NullEncodable public var cagr5Y: Double?
    /// The range of the drawdown and the chart.
    public var range: String
    /// The return over the range.
    @NullEncodable public var rangeReturn: Double?
    /// Annualised volatility over the last year.
    @NullEncodable public var volatility: Double?
    /// The largest fall over the range.
    @NullEncodable public var maxDrawdown: Double?
    /// The drawdown's peak date.
    @NullEncodable public var maxDrawdownPeakDate: String?
    /// The drawdown's trough date.
    @NullEncodable public var maxDrawdownTroughDate: String?
    /// Sharpe (1Y).
    @NullEncodable public var sharpe: Double?
    /// Whether the data is stale.
    public var stale: Bool
    /// When the data was fetched.
    public var asOf: Date
    /// Why figures are n/a: `1Y, volatility: the history starts on …`.
    @NullEncodable public var notes: String?

    /// The row of `report` over `history`.
    public init(history: NAVHistory, report: FundReport, freshness: Freshness) {
        let profile = SchemeClassifier.profile(meta: history.meta, name: history.name)
        code = history.code
        name = history.name
        fundHouse = profile.fundHouse
        category = profile.assetClass
        nav = report.latest.nav
        navDate = report.latest.date.iso8601
        return1Y = report.returns[.oneYear]?.absolute
        cagr3Y = report.returns[.threeYears]?.annualized
        cagr5Y = report.returns[.fiveYears]?.annualized
        range = report.range.rawValue
        rangeReturn = report.rangeReturn?.absolute
        volatility = report.volatility
        maxDrawdown = report.maxDrawdown?.value
        maxDrawdownPeakDate = report.maxDrawdown?.peakDate?.iso8601
        maxDrawdownTroughDate = report.maxDrawdown?.troughDate?.iso8601
        sharpe = report.sharpe
        stale = freshness.stale
        asOf = freshness.asOf
        notes = Self.notes(report)
    }

    /// The columns of the CSV form, in order.
    public static let columns = [
        "code", "name", "fundHouse", "category", "nav", "navDate", "return1Y", "cagr3Y", "cagr5Y", "range",
        "rangeReturn", "volatility", "maxDrawdown", "maxDrawdownPeakDate", "maxDrawdownTroughDate", "sharpe",
        "stale", "asOf", "notes",
    ]

    /// One reason per group of figures it leaves out, or nil when every figure is there.
    static func notes(_ report: FundReport) -> String? {
        let figures: [(String, String)] = [
            (ReturnPeriod.oneYear.rawValue, "1Y"), (ReturnPeriod.threeYears.rawValue, "3Y"),
            (ReturnPeriod.fiveYears.rawValue, "5Y"), ("volatility", "volatility"), ("maxDrawdown", "max drawdown"),
            ("sharpe", "Sharpe"),
        ]
        var order: [String] = []
        var names: [String: [String]] = [:]
        for (key, name) in figures {
            guard let reason = report.unavailable[key]?.description else { continue }
            if names[reason] == nil { order.append(reason) }
            names[reason, default: []].append(name)
        }
        guard !order.isEmpty else { return nil }
        return order.map { "\(names[$0]!.joined(separator: ", ")): \($0)" }.joined(separator: "; ")
    }
}

/// A comparison: each scheme's row, in the order asked, with the histories for the faces' charts.
public struct CompareReport: Sendable {
    /// The rows, in the order the codes were given (duplicates dropped).
    public var rows: [CompareRow]
    /// Each scheme's history and freshness, in the same order, for charts and stale notices.
    public var histories: [Fetched<NAVHistory>]
    /// The schemes that could not be compared, in the order asked, each with why.
    public var failures: [CompareFailure] = []

    /// Creates a comparison.
    public init(rows: [CompareRow], histories: [Fetched<NAVHistory>], failures: [CompareFailure] = []) {
        self.rows = rows
        self.histories = histories
        self.failures = failures
    }
}

extension CompareReport {
    /// The refusal of a comparison that left schemes out: the scheme's own when one could not be compared, else one
    /// naming each; nil when every scheme is there.
    public var refusal: FolioError? {
        guard let first = failures.first else { return nil }
        guard failures.count > 1 else { return first.error.blaming("codes") }
        return FolioError(
            first.error.kind, "\(failures.count) of \(failures.count + rows.count) schemes could not be compared",
            why: failures.map { "\($0.code): \($0.error.what)" }.joined(separator: "; "), hint: first.error.hint,
            field: "codes")
    }
}

/// A scheme a comparison leaves out, and why.
public struct CompareFailure: Sendable {
    /// The code asked for.
    public var code: Int
    /// Why it could not be compared.
    public var error: FolioError
}
