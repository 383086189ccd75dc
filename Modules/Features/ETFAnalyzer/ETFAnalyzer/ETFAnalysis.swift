import Foundation
import Timing

/// The figures for one ETF: the seed's `ETFAnalysisResult`, plus its weight and allocation in the portfolio.
///
/// Money is `Decimal`; returns, weight and allocation are fractions (`0.1234` is 12.34 %).
public struct ETFAnalysis: Sendable, Hashable {
    /// The input row.
    public var holding: ETFHolding
    /// The date the position is valued on.
    public var analysisDate: CalendarDate
    /// Days from purchase to analysis.
    public var daysHeld: Int
    /// shares × purchase price.
    public var initialInvestment: Decimal
    /// shares × current price.
    public var currentValue: Decimal
    /// (current price − purchase price) × shares.
    public var capitalAppreciation: Decimal
    /// initial × yield % × years.
    public var yieldIncome: Decimal
    /// capital appreciation + yield income.
    public var grossReturn: Decimal
    /// initial × expense ratio % × years.
    public var expenses: Decimal
    /// gross return − expenses.
    public var netReturn: Decimal
    /// initial + net return.
    public var finalValue: Decimal
    /// net return / initial.
    public var totalReturn: Decimal
    /// (final / initial)^(365 / days) − 1; nil for 0 days held (or a loss beyond the whole investment).
    public var annualizedReturn: Decimal?
    /// initial / total initial of the portfolio.
    public var weight: Decimal
    /// current value / total current value of the portfolio.
    public var allocation: Decimal

    /// Creates an analysis (the calculator is the usual source).
    public init(
        holding: ETFHolding, analysisDate: CalendarDate, daysHeld: Int, initialInvestment: Decimal,
        currentValue: Decimal, capitalAppreciation: Decimal, yieldIncome: Decimal, grossReturn: Decimal,
        expenses: Decimal, netReturn: Decimal, finalValue: Decimal, totalReturn: Decimal,
        annualizedReturn: Decimal?, weight: Decimal = 0, allocation: Decimal = 0
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

    /// years = days / 365.
    public var years: Decimal { Decimal(daysHeld) / 365 }

    /// Held less than a year, so the annualized figure extrapolates a short period and should be read with care.
    public var isUnderAYear: Bool { daysHeld < 365 }
}
