import Money
import Timing

/// The analysis of a portfolio: what every output format renders.
///
/// Encodes as the JSON the issue specifies: `etfs[]` and `portfolio{…, feeDrag{"10","20","30"}}`, money as
/// exact numbers (never through `Double`) rounded to 10 places, returns and rates as fractions, absent
/// values (an annualized return for 0 days held) as `null`.
public struct PortfolioReport: Sendable, Hashable, Encodable {
    /// Every ETF, in input order.
    public var etfs: [ETFAnalysis]
    /// The totals.
    public var portfolio: PortfolioSummary

    /// Creates a report.
    public init(etfs: [ETFAnalysis], portfolio: PortfolioSummary) {
        self.etfs = etfs
        self.portfolio = portfolio
    }

    /// The one analysis date when every ETF shares it, else nil.
    public var commonAnalysisDate: CalendarDate? {
        guard let first = etfs.first?.analysisDate else { return nil }
        return etfs.allSatisfy { $0.analysisDate == first } ? first : nil
    }

    private enum Keys: String, CodingKey {
        case etfs, portfolio
    }

    /// Encodes `{"etfs": [...], "portfolio": {...}}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(etfs.map(ETFRow.init), forKey: .etfs)
        try container.encode(PortfolioObject(portfolio), forKey: .portfolio)
    }
}

/// One `etfs[]` element (and one CSV row): the keys, plus the analysis date and the under-a-year flag.
public struct ETFRow: Sendable, Hashable, Encodable {
    /// The keys in the order CSV columns are written.
    public static let columns = [
        "name", "analysisDate", "daysHeld", "initialInvestment", "currentValue", "capitalAppreciation", "yieldIncome",
        "grossReturn", "expenses", "netReturn", "totalReturnPercent", "annualizedReturn", "underAYear", "weight",
        "allocationPercent",
    ]

    /// The analysis the row shows.
    public var analysis: ETFAnalysis

    /// Creates a row.
    public init(_ analysis: ETFAnalysis) { self.analysis = analysis }

    private enum Keys: String, CodingKey {
        case name, analysisDate, daysHeld, initialInvestment, currentValue, capitalAppreciation, yieldIncome
        case grossReturn, expenses, netReturn, totalReturnPercent, annualizedReturn, underAYear, weight
        case allocationPercent
    }

    /// Encodes the row; a missing annualized return is `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        let etf = analysis
        try container.encode(etf.holding.name, forKey: .name)
        try container.encode(etf.analysisDate, forKey: .analysisDate)
        try container.encode(etf.daysHeld, forKey: .daysHeld)
        try container.encode(reported(etf.initialInvestment), forKey: .initialInvestment)
        try container.encode(reported(etf.currentValue), forKey: .currentValue)
        try container.encode(reported(etf.capitalAppreciation), forKey: .capitalAppreciation)
        try container.encode(reported(etf.yieldIncome), forKey: .yieldIncome)
        try container.encode(reported(etf.grossReturn), forKey: .grossReturn)
        try container.encode(reported(etf.expenses), forKey: .expenses)
        try container.encode(reported(etf.netReturn), forKey: .netReturn)
        try container.encode(reported(etf.totalReturn), forKey: .totalReturnPercent)
        if let annualized = etf.annualizedReturn {
            try container.encode(reported(annualized), forKey: .annualizedReturn)
        } else {
            try container.encodeNil(forKey: .annualizedReturn)
        }
        try container.encode(etf.isUnderAYear, forKey: .underAYear)
        try container.encode(reported(etf.weight), forKey: .weight)
        try container.encode(reported(etf.allocation), forKey: .allocationPercent)
    }
}

/// The `portfolio` object.
struct PortfolioObject: Encodable {
    var summary: PortfolioSummary

    init(_ summary: PortfolioSummary) { self.summary = summary }

    private enum Keys: String, CodingKey {
        case totalInitial, totalCurrent, totalCapitalAppreciation, totalYieldIncome, totalGrossReturn, totalExpenses
        case totalNetReturn, weightedAnnualReturn, totalReturnPercent, annualizedReturn, meanDaysHeld
        case weightedExpenseRatio, annualFees, growthRate, feeDrag
    }

    private struct Horizon: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private enum DragKeys: String, CodingKey {
        case valueWithFees, valueWithoutFees, drag
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(reported(summary.totalInitial), forKey: .totalInitial)
        try container.encode(reported(summary.totalCurrent), forKey: .totalCurrent)
        try container.encode(reported(summary.totalCapitalAppreciation), forKey: .totalCapitalAppreciation)
        try container.encode(reported(summary.totalYieldIncome), forKey: .totalYieldIncome)
        try container.encode(reported(summary.totalGrossReturn), forKey: .totalGrossReturn)
        try container.encode(reported(summary.totalExpenses), forKey: .totalExpenses)
        try container.encode(reported(summary.totalNetReturn), forKey: .totalNetReturn)
        try encodeOptional(summary.weightedAnnualReturn, forKey: .weightedAnnualReturn, in: &container)
        try container.encode(reported(summary.totalReturn), forKey: .totalReturnPercent)
        try encodeOptional(summary.annualizedReturn, forKey: .annualizedReturn, in: &container)
        try container.encode(reported(summary.meanDaysHeld), forKey: .meanDaysHeld)
        try container.encode(reported(summary.weightedExpenseRatio), forKey: .weightedExpenseRatio)
        try container.encode(reported(summary.annualFees), forKey: .annualFees)
        try container.encode(reported(summary.growthRate), forKey: .growthRate)
        var drag = container.nestedContainer(keyedBy: Horizon.self, forKey: .feeDrag)
        for projection in summary.feeDrag {
            var values = drag.nestedContainer(keyedBy: DragKeys.self, forKey: Horizon(stringValue: "\(projection.years)"))
            try values.encode(reported(projection.valueWithFees), forKey: .valueWithFees)
            try values.encode(reported(projection.valueWithoutFees), forKey: .valueWithoutFees)
            try values.encode(reported(projection.drag), forKey: .drag)
        }
    }

    private func encodeOptional(
        _ value: Amount?, forKey key: Keys, in container: inout KeyedEncodingContainer<Keys>
    ) throws {
        if let value { try container.encode(reported(value), forKey: key) } else { try container.encodeNil(forKey: key) }
    }
}

/// A figure as JSON and CSV give it: rounded to 10 decimal places, far below a cent or a basis point, so a
/// quotient such as `yield × days / 365` does not print 38 digits of a repeating fraction.
func reported(_ value: Amount) -> Amount { value.rounded(toPlaces: 10, .halfEven) }
