import Money
import Timing

/// The figures for one ETF: the seed's `ETFAnalysisResult`, plus its weight and allocation in the portfolio.
///
/// Money is an exact `Amount`; returns, weight and allocation are fractions (`0.1234` is 12.34 %).
public struct ETFAnalysis: Sendable, Hashable {
    /// The input row.
    public var holding: ETFHolding
    /// The date the position is valued on.
    public var analysisDate: CalendarDate
    /// Days from purchase to analysis.
    public var daysHeld: Int
    /// shares × purchase price.
    public var initialInvestment: Amount
    /// shares × current price.
    public var currentValue: Amount
    /// (current price − purchase price) × shares.
    public var capitalAppreciation: Amount
    /// initial × yield % × years.
    public var yieldIncome: Amount
    /// capital appreciation + yield income.
    public var grossReturn: Amount
    /// initial × expense ratio % × years.
    public var expenses: Amount
    /// gross return − expenses.
    public var netReturn: Amount
    /// initial + net return.
    public var finalValue: Amount
    /// net return / initial.
    public var totalReturn: Amount
    /// (final / initial)^(365 / days) − 1; nil for 0 days held (or a loss beyond the whole investment).
    public var annualizedReturn: Amount?
    /// initial / total initial of the portfolio.
    public var weight: Amount
    /// current value / total current value of the portfolio.
    public var allocation: Amount

    /// Creates an analysis (the calculator is the usual source).
    public init(
        holding: ETFHolding, analysisDate: CalendarDate, daysHeld: Int, initialInvestment: Amount,
        currentValue: Amount, capitalAppreciation: Amount, yieldIncome: Amount, grossReturn: Amount,
        expenses: Amount, netReturn: Amount, finalValue: Amount, totalReturn: Amount,
        annualizedReturn: Amount?, weight: Amount = .zero, allocation: Amount = .zero
    ) {
        self.holding = holding
        self.analysisDate = analysisDate
        self.daysHeld = daysHeld
        self.initialInvestment = initialInvestment
        self.currentValue = currentValue
        self.capitalAppreciation = capitalAppreciation
        self.yieldIncome = yieldIncome
        self.grossReturn = grossReturn
        self.expenses = expenses
        self.netReturn = netReturn
        self.finalValue = finalValue
        self.totalReturn = totalReturn
        self.annualizedReturn = annualizedReturn
        self.weight = weight
        self.allocation = allocation
    }

    /// years = days / 365, to 12 places.
    public var years: Amount { (try? Amount(daysHeld).divided(by: 365)) ?? .zero }

    /// Held less than a year, so the annualized figure extrapolates a short period and should be read with care.
    public var isUnderAYear: Bool { daysHeld < 365 }
}
