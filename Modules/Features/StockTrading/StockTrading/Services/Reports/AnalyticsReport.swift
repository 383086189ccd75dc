import Foundation
import Money

/// Returns, P/L, allocation and value history: what `analytics --format json` prints.
public struct AnalyticsReport: Codable, Sendable, Equatable {
    /// One allocation slice.
    public struct Slice: Codable, Sendable, Equatable {
        /// Sector, holding or Cash.
        public var name: String
        /// Its value.
        public var value: Amount
        /// Value / total value, 8 places.
        public var weight: Amount
    }

    /// One day's recorded value.
    public struct Point: Codable, Sendable, Equatable {
        /// The local day, `YYYY-MM-DD`.
        public var date: String
        /// Holdings value + cash.
        public var totalValue: Amount
        /// The holdings' value.
        public var holdingsValue: Amount
        /// Cash.
        public var cash: Amount
        /// Deposits − withdrawals so far.
        public var invested: Amount
    }

    /// Whose portfolio.
    public var email: String
    /// The account's currency (set at sign-up): every amount of the report is in it.
    public var currency: String
    /// `average` or `fifo`.
    public var basis: String
    /// Holdings value + cash.
    public var totalValue: Amount
    /// Deposits − withdrawals.
    public var invested: Amount
    /// Total value − invested.
    public var totalReturn: Amount
    /// Total return / invested, 8 places; null when nothing is invested.
    @NullEncodable public var roi: Amount?
    /// P/L realized by sells.
    public var realizedPL: Amount
    /// P/L of the shares held.
    public var unrealizedPL: Amount
    /// XIRR as a fraction, 8 places; null when not available. A rate of return, not money, hence a Double.
    @NullEncodable public var annualizedReturn: Double?
    /// Why the annualized return is not available.
    @NullEncodable public var annualizedReturnNote: String?
    /// Allocation by sector (cash included).
    public var bySector: [Slice]
    /// Allocation by holding (cash included).
    public var byHolding: [Slice]
    /// The daily values recorded.
    public var valueHistory: [Point]
    /// The account beside a benchmark (`--benchmark`), when one was asked for and market data was given.
    public var benchmark: BenchmarkComparison?

    /// The report of computed analytics.
    public init(_ analytics: PortfolioAnalytics, email: String, currency: String = "USD") throws {
        let valuation = analytics.valuation
        func slices(_ all: [AllocationSlice]) -> [Slice] {
            all.map {
                Slice(
                    name: $0.name, value: $0.value,
                    weight: ReportFigures.rate($0.value, of: valuation.totalValue) ?? .zero)
            }
        }
        self.email = email
        self.currency = currency
        basis = valuation.basis.rawValue
        totalValue = valuation.totalValue
        invested = valuation.invested
        totalReturn = analytics.totalReturn
        roi = ReportFigures.roi(valuation)
        realizedPL = valuation.realizedPL
        unrealizedPL = valuation.unrealizedPL
        annualizedReturn = analytics.annualizedReturn.map { ($0 * 1e8).rounded() / 1e8 }
        annualizedReturnNote = analytics.annualizedReturnUnavailable?.description
        bySector = slices(analytics.bySector)
        byHolding = slices(analytics.byHolding)
        valueHistory = try analytics.history.map {
            Point(
                date: $0.day, totalValue: try $0.totalValue, holdingsValue: $0.holdingsValue, cash: $0.cash,
                invested: $0.netDeposits)
        }
    }
}

/// Who is logged in: what `whoami --format json` prints.
public struct SessionReport: Codable, Sendable, Equatable {
    /// The email.
    public var email: String
    /// Since when.
    public var since: Date

    /// The report of a session.
    public init(_ session: Session) {
        email = session.email
        since = session.since
    }
}
