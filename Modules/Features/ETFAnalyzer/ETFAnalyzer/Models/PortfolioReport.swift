import Money
import Timing

/// The analysis of a portfolio: what every output format renders.
///
/// Encodes as the JSON the issue specifies: `etfs[]` and `portfolio{…, feeDrag{"10","20","30"}}`, computed money
/// as exact numbers (never through `Double`) at the currency's minor unit, returns and rates as fractions to 10
/// places, absent values (an annualized return for 0 days held) as `null`.
public struct PortfolioReport: Sendable, Hashable, Encodable {
    /// Every ETF, in input order.
    public var etfs: [ETFAnalysis]
    /// The totals.
    public var portfolio: PortfolioSummary
    /// The ISO code of the prices' currency, whose minor unit computed money is reported at.
    public var currency: String
    /// What the market filled in (`analyze --live`); empty otherwise, and then not encoded.
    public var market: [MarketFill] = []

    /// Creates a report.
    public init(etfs: [ETFAnalysis], portfolio: PortfolioSummary, currency: String = "USD") {
        self.etfs = etfs
        self.portfolio = portfolio
        self.currency = currency
    }

    /// One row per ETF, as JSON and CSV give them.
    public var rows: [ETFRow] {
        let figures = ReportedFigures(currency: currency)
        return etfs.map { ETFRow($0, figures: figures) }
    }

    /// The one analysis date when every ETF shares it, else nil.
    public var commonAnalysisDate: CalendarDate? {
        guard let first = etfs.first?.analysisDate else { return nil }
        return etfs.allSatisfy { $0.analysisDate == first } ? first : nil
    }

    private enum Keys: String, CodingKey {
        case etfs, portfolio, market
    }

    /// Encodes `{"etfs": [...], "portfolio": {...}}`, and `"market": [...]` when prices came from the market.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(rows, forKey: .etfs)
        try container.encode(
            PortfolioObject(portfolio, figures: ReportedFigures(currency: currency)), forKey: .portfolio)
        if !market.isEmpty { try container.encode(market, forKey: .market) }
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
    /// How its figures are reported.
    private let figures: ReportedFigures

    /// Creates a row whose money is reported at the minor unit of `currency`.
    public init(_ analysis: ETFAnalysis, currency: String = "USD") {
        self.init(analysis, figures: ReportedFigures(currency: currency))
    }

    init(_ analysis: ETFAnalysis, figures: ReportedFigures) {
        self.analysis = analysis
        self.figures = figures
    }

    /// The row as CSV fields, in ``columns`` order: the JSON's figures, an absent annualized return empty.
    public var fields: [String] {
        let etf = analysis
        return [
            etf.holding.name, etf.analysisDate.iso8601, String(etf.daysHeld),
            figures.money(etf.initialInvestment).plainText, figures.money(etf.currentValue).plainText,
            figures.money(etf.capitalAppreciation).plainText, figures.money(etf.yieldIncome).plainText,
            figures.money(etf.grossReturn).plainText, figures.money(etf.expenses).plainText,
            figures.money(etf.netReturn).plainText, figures.rate(etf.totalReturn).plainText,
            etf.annualizedReturn.map { figures.rate($0).plainText } ?? "", etf.isUnderAYear ? "true" : "false",
            figures.rate(etf.weight).plainText, figures.rate(etf.allocation).plainText,
        ]
    }

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
        try container.encode(figures.money(etf.initialInvestment), forKey: .initialInvestment)
        try container.encode(figures.money(etf.currentValue), forKey: .currentValue)
        try container.encode(figures.money(etf.capitalAppreciation), forKey: .capitalAppreciation)
        try container.encode(figures.money(etf.yieldIncome), forKey: .yieldIncome)
        try container.encode(figures.money(etf.grossReturn), forKey: .grossReturn)
        try container.encode(figures.money(etf.expenses), forKey: .expenses)
        try container.encode(figures.money(etf.netReturn), forKey: .netReturn)
        try container.encode(figures.rate(etf.totalReturn), forKey: .totalReturnPercent)
        if let annualized = etf.annualizedReturn {
            try container.encode(figures.rate(annualized), forKey: .annualizedReturn)
        } else {
            try container.encodeNil(forKey: .annualizedReturn)
        }
        try container.encode(etf.isUnderAYear, forKey: .underAYear)
        try container.encode(figures.rate(etf.weight), forKey: .weight)
        try container.encode(figures.rate(etf.allocation), forKey: .allocationPercent)
    }
}

/// The `portfolio` object.
struct PortfolioObject: Encodable {
    var summary: PortfolioSummary
    var figures: ReportedFigures

    init(_ summary: PortfolioSummary, figures: ReportedFigures) {
        self.summary = summary
        self.figures = figures
    }

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
        try container.encode(figures.money(summary.totalInitial), forKey: .totalInitial)
        try container.encode(figures.money(summary.totalCurrent), forKey: .totalCurrent)
        try container.encode(figures.money(summary.totalCapitalAppreciation), forKey: .totalCapitalAppreciation)
        try container.encode(figures.money(summary.totalYieldIncome), forKey: .totalYieldIncome)
        try container.encode(figures.money(summary.totalGrossReturn), forKey: .totalGrossReturn)
        try container.encode(figures.money(summary.totalExpenses), forKey: .totalExpenses)
        try container.encode(figures.money(summary.totalNetReturn), forKey: .totalNetReturn)
        try encodeOptional(summary.weightedAnnualReturn, forKey: .weightedAnnualReturn, in: &container)
        try container.encode(figures.rate(summary.totalReturn), forKey: .totalReturnPercent)
        try encodeOptional(summary.annualizedReturn, forKey: .annualizedReturn, in: &container)
        try container.encode(figures.rate(summary.meanDaysHeld), forKey: .meanDaysHeld)
        try container.encode(figures.rate(summary.weightedExpenseRatio), forKey: .weightedExpenseRatio)
        try container.encode(figures.money(summary.annualFees), forKey: .annualFees)
        try container.encode(figures.rate(summary.growthRate), forKey: .growthRate)
        var drag = container.nestedContainer(keyedBy: Horizon.self, forKey: .feeDrag)
        for projection in summary.feeDrag {
            var values = drag.nestedContainer(
                keyedBy: DragKeys.self, forKey: Horizon(stringValue: "\(projection.years)"))
            try values.encode(figures.money(projection.valueWithFees), forKey: .valueWithFees)
            try values.encode(figures.money(projection.valueWithoutFees), forKey: .valueWithoutFees)
            try values.encode(figures.money(projection.drag), forKey: .drag)
        }
    }

    private func encodeOptional(
        _ value: Amount?, forKey key: Keys, in container: inout KeyedEncodingContainer<Keys>
    ) throws {
        if let value {
            try container.encode(figures.rate(value), forKey: key)
        } else {
            try container.encodeNil(forKey: key)
        }
    }
}

/// How JSON and CSV give figures: computed money at the currency's minor unit (half-even, the Money kernel's
/// rule), returns, rates, weights and days to 10 places — far below a basis point, so a quotient does not print
/// 38 digits of a repeating fraction.
struct ReportedFigures: Sendable, Hashable {
    /// The currency's minor unit, looked up once per report rather than once per figure: a 10,000-row CSV
    /// reports 70,000 money figures.
    private let moneyPlaces: Int

    init(currency: String) {
        moneyPlaces = MinorUnit.places(of: currency)
    }

    func money(_ value: Amount) -> Amount { value.rounded(toPlaces: moneyPlaces, .halfEven) }

    func rate(_ value: Amount) -> Amount { value.rounded(toPlaces: 10, .halfEven) }
}
