import Foundation

/// What fees cost over a horizon: today's value grown at the assumed rate with and without the
/// portfolio's weighted expense ratio.
public struct FeeDrag: Sendable, Hashable {
    /// The horizon in years.
    public var years: Int
    /// value × (1 + growth)^years.
    public var valueWithoutFees: Decimal
    /// value × (1 + growth − weighted expense ratio)^years.
    public var valueWithFees: Decimal
    /// without − with: what the fees cost by then.
    public var drag: Decimal

    /// Creates a projection.
    public init(years: Int, valueWithoutFees: Decimal, valueWithFees: Decimal) {
        self.years = years
        self.valueWithoutFees = valueWithoutFees
        self.valueWithFees = valueWithFees
        self.drag = valueWithoutFees - valueWithFees
    }

    /// drag / value without fees: the share of the end value the fees took.
    public var dragFraction: Decimal { valueWithoutFees == 0 ? 0 : drag / valueWithoutFees }
}

/// The portfolio card: the seed's `PortfolioSummaryResult` plus the portfolio's own return and fees.
///
/// Money is `Decimal`; rates and returns are fractions.
public struct PortfolioSummary: Sendable, Hashable {
    /// The number of ETFs.
    public var count: Int
    /// Σ initial investment.
    public var totalInitial: Decimal
    /// Σ current value.
    public var totalCurrent: Decimal
    /// Σ capital appreciation.
    public var totalCapitalAppreciation: Decimal
    /// Σ yield income.
    public var totalYieldIncome: Decimal
    /// Σ gross return.
    public var totalGrossReturn: Decimal
    /// Σ expenses.
    public var totalExpenses: Decimal
    /// Σ net return.
    public var totalNetReturn: Decimal
    /// Σ final value.
    public var totalFinalValue: Decimal
    /// total net return / total initial.
    public var totalReturn: Decimal
    /// Σ weight × annualized return over the ETFs that have one (weights renormalised over them, so an ETF
    /// held 0 days does not count as 0 %); nil when none has one.
    public var weightedAnnualReturn: Decimal?
    /// How many ETFs have no annualized return and are left out of ``weightedAnnualReturn``.
    public var excludedFromWeighted: Int
    /// D = Σ weight × days held: the initial-weighted mean holding period.
    public var meanDaysHeld: Decimal
    /// The portfolio's own return from its totals: (total final / total initial)^(365 / D) − 1; nil when D is 0.
    public var annualizedReturn: Decimal?
    /// Σ allocation × expense ratio, as a fraction (`0.0007` is 0.07 %): the rate charged on today's value.
    public var weightedExpenseRatio: Decimal
    /// Σ current value × expense ratio: a year's fees at today's value.
    public var annualFees: Decimal
    /// The assumed annual growth for the fee projections, as a fraction.
    public var growthRate: Decimal
    /// The fee drag over 10, 20 and 30 years.
    public var feeDrag: [FeeDrag]

    /// Creates a summary (the calculator is the usual source).
    public init(
        count: Int, totalInitial: Decimal, totalCurrent: Decimal, totalCapitalAppreciation: Decimal,
        totalYieldIncome: Decimal, totalGrossReturn: Decimal, totalExpenses: Decimal, totalNetReturn: Decimal,
        totalFinalValue: Decimal, totalReturn: Decimal, weightedAnnualReturn: Decimal?, excludedFromWeighted: Int,
        meanDaysHeld: Decimal, annualizedReturn: Decimal?, weightedExpenseRatio: Decimal, annualFees: Decimal,
        growthRate: Decimal, feeDrag: [FeeDrag]
    ) {
        self.count = count
        self.totalInitial = totalInitial
        self.totalCurrent = totalCurrent
        self.totalCapitalAppreciation = totalCapitalAppreciation
        self.totalYieldIncome = totalYieldIncome
        self.totalGrossReturn = totalGrossReturn
        self.totalExpenses = totalExpenses
        self.totalNetReturn = totalNetReturn
        self.totalFinalValue = totalFinalValue
        self.totalReturn = totalReturn
        self.weightedAnnualReturn = weightedAnnualReturn
        self.excludedFromWeighted = excludedFromWeighted
        self.meanDaysHeld = meanDaysHeld
        self.annualizedReturn = annualizedReturn
        self.weightedExpenseRatio = weightedExpenseRatio
        self.annualFees = annualFees
        self.growthRate = growthRate
        self.feeDrag = feeDrag
    }
}
