import Money

/// What fees cost over a horizon: today's value grown at the assumed rate with and without the
/// portfolio's weighted expense ratio.
public struct FeeDrag: Sendable, Hashable {
    /// The horizon in years.
    public var years: Int
    /// value × (1 + growth)^years.
    public var valueWithoutFees: Amount
    /// value × (1 + growth − weighted expense ratio)^years.
    public var valueWithFees: Amount
    /// without − with: what the fees cost by then.
    public var drag: Amount

    /// drag / value without fees: the share of the end value the fees took (12 places).
    public var dragFraction: Amount

    /// Creates a projection.
    /// - Throws: ``MoneyError/overflow`` when the difference is beyond what an amount holds.
    public init(years: Int, valueWithoutFees: Amount, valueWithFees: Amount) throws(MoneyError) {
        self.years = years
        self.valueWithoutFees = valueWithoutFees
        self.valueWithFees = valueWithFees
        drag = try valueWithoutFees - valueWithFees
        dragFraction = valueWithoutFees.isZero ? .zero : try drag.divided(by: valueWithoutFees)
    }
}

/// The portfolio card: the seed's `PortfolioSummaryResult` plus the portfolio's own return and fees.
///
/// Money is an exact `Amount`; rates and returns are fractions.
public struct PortfolioSummary: Sendable, Hashable {
    /// The number of ETFs.
    public var count: Int
    /// Σ initial investment.
    public var totalInitial: Amount
    /// Σ current value.
    public var totalCurrent: Amount
    /// Σ capital appreciation.
    public var totalCapitalAppreciation: Amount
    /// Σ yield income.
    public var totalYieldIncome: Amount
    /// Σ gross return.
    public var totalGrossReturn: Amount
    /// Σ expenses.
    public var totalExpenses: Amount
    /// Σ net return.
    public var totalNetReturn: Amount
    /// Σ final value.
    public var totalFinalValue: Amount
    /// total net return / total initial.
    public var totalReturn: Amount
    /// Σ weight × annualized return over the ETFs that have one (weights renormalised over them, so an ETF
    /// held 0 days does not count as 0 %); nil when none has one.
    public var weightedAnnualReturn: Amount?
    /// How many ETFs have no annualized return and are left out of ``weightedAnnualReturn``.
    public var excludedFromWeighted: Int
    /// D = Σ weight × days held: the initial-weighted mean holding period.
    public var meanDaysHeld: Amount
    /// The portfolio's own return from its totals: (total final / total initial)^(365 / D) − 1; nil when D is 0.
    public var annualizedReturn: Amount?
    /// Σ allocation × expense ratio, as a fraction (`0.0007` is 0.07 %): the rate charged on today's value.
    public var weightedExpenseRatio: Amount
    /// Σ current value × expense ratio: a year's fees at today's value.
    public var annualFees: Amount
    /// The assumed annual growth for the fee projections, as a fraction.
    public var growthRate: Amount
    /// The fee drag over 10, 20 and 30 years.
    public var feeDrag: [FeeDrag]

    /// Creates a summary (the calculator is the usual source).
    public init(
        count: Int, totalInitial: Amount, totalCurrent: Amount, totalCapitalAppreciation: Amount,
        totalYieldIncome: Amount, totalGrossReturn: Amount, totalExpenses: Amount, totalNetReturn: Amount,
        totalFinalValue: Amount, totalReturn: Amount, weightedAnnualReturn: Amount?, excludedFromWeighted: Int,
        meanDaysHeld: Amount, annualizedReturn: Amount?, weightedExpenseRatio: Amount, annualFees: Amount,
        growthRate: Amount, feeDrag: [FeeDrag]
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
