import Foundation
import Timing

/// The seed's `PortfolioCalculator`: pure functions from holdings to figures.
///
/// Money stays `Decimal` throughout; only the fractional powers of the annualized returns go through
/// `Double` (there is no `Decimal` power with a fractional exponent), rounded back to 10 places.
public enum PortfolioCalculator {
    /// The fee-drag horizons in years.
    public static let feeDragHorizons = [10, 20, 30]

    /// One ETF's figures, before its weight and allocation are known.
    /// - Precondition: The holding passed validation (analysis date not before purchase date).
    public static func analyze(_ holding: ETFHolding, on analysisDate: CalendarDate) -> ETFAnalysis {
        let days = holding.purchaseDate.days(to: analysisDate)
        let initial = holding.shares * holding.purchasePrice
        let current = holding.shares * holding.currentPrice
        let capital = current - initial
        // initial × (rate / 100) × (days / 365), divided once so the result is rounded once.
        let dayWeightedInitial = initial * Decimal(days)
        let yieldIncome = dayWeightedInitial * holding.yield / 36_500
        let expenses = dayWeightedInitial * holding.expenseRatio / 36_500
        let gross = capital + yieldIncome
        let net = gross - expenses
        let final = initial + net
        return ETFAnalysis(
            holding: holding, analysisDate: analysisDate, daysHeld: days, initialInvestment: initial,
            currentValue: current, capitalAppreciation: capital, yieldIncome: yieldIncome, grossReturn: gross,
            expenses: expenses, netReturn: net, finalValue: final, totalReturn: net / initial,
            annualizedReturn: DecimalMath.annualized(
                ratio: DecimalMath.double(final) / DecimalMath.double(initial), days: Double(days)))
    }

    /// The whole report: every ETF with its weight and allocation, and the portfolio summary.
    /// - Parameters:
    ///   - defaultAnalysisDate: The analysis date for holdings without their own.
    ///   - growthRate: The assumed annual growth for the fee drag, as a fraction (`0.07`).
    /// - Precondition: At least one holding, all valid.
    public static func report(
        _ holdings: [ETFHolding], defaultAnalysisDate: CalendarDate, growthRate: Decimal
    ) -> PortfolioReport {
        var etfs = holdings.map { analyze($0, on: $0.analysisDate(default: defaultAnalysisDate)) }
        let portfolio = summarize(&etfs, growthRate: growthRate)
        return PortfolioReport(etfs: etfs, portfolio: portfolio)
    }

    /// Fills in each ETF's weight and allocation and sums the portfolio.
    public static func summarize(_ etfs: inout [ETFAnalysis], growthRate: Decimal) -> PortfolioSummary {
        var totalInitial = Decimal(0)
        var totalCurrent = Decimal(0)
        var totalCapital = Decimal(0)
        var totalYield = Decimal(0)
        var totalGross = Decimal(0)
        var totalExpenses = Decimal(0)
        var totalNet = Decimal(0)
        var totalFinal = Decimal(0)
        var initialDays = Decimal(0)
        var feePercentMoney = Decimal(0)
        for etf in etfs {
            totalInitial += etf.initialInvestment
            totalCurrent += etf.currentValue
            totalCapital += etf.capitalAppreciation
            totalYield += etf.yieldIncome
            totalGross += etf.grossReturn
            totalExpenses += etf.expenses
            totalNet += etf.netReturn
            totalFinal += etf.finalValue
            initialDays += etf.initialInvestment * Decimal(etf.daysHeld)
            feePercentMoney += etf.currentValue * etf.holding.expenseRatio
        }
        var weightedSum = Decimal(0)
        var weightCovered = Decimal(0)
        var excluded = 0
        for index in etfs.indices {
            etfs[index].weight = totalInitial == 0 ? 0 : etfs[index].initialInvestment / totalInitial
            etfs[index].allocation = totalCurrent == 0 ? 0 : etfs[index].currentValue / totalCurrent
            if let annualized = etfs[index].annualizedReturn {
                weightedSum += etfs[index].weight * annualized
                weightCovered += etfs[index].weight
            } else {
                excluded += 1
            }
        }
        let weightedAnnual: Decimal? =
            weightCovered == 0 ? nil : excluded == 0 ? weightedSum : weightedSum / weightCovered
        let meanDays = totalInitial == 0 ? 0 : initialDays / totalInitial
        let ownAnnualized = DecimalMath.annualized(
            ratio: DecimalMath.double(totalFinal) / DecimalMath.double(totalInitial),
            days: DecimalMath.double(meanDays))
        let annualFees = feePercentMoney / 100
        let weightedExpenseRatio = totalCurrent == 0 ? 0 : annualFees / totalCurrent
        return PortfolioSummary(
            count: etfs.count, totalInitial: totalInitial, totalCurrent: totalCurrent,
            totalCapitalAppreciation: totalCapital, totalYieldIncome: totalYield, totalGrossReturn: totalGross,
            totalExpenses: totalExpenses, totalNetReturn: totalNet, totalFinalValue: totalFinal,
            totalReturn: totalInitial == 0 ? 0 : totalNet / totalInitial, weightedAnnualReturn: weightedAnnual,
            excludedFromWeighted: excluded, meanDaysHeld: meanDays, annualizedReturn: ownAnnualized,
            weightedExpenseRatio: weightedExpenseRatio, annualFees: annualFees, growthRate: growthRate,
            feeDrag: feeDrag(value: totalCurrent, growthRate: growthRate, expenseRatio: weightedExpenseRatio))
    }

    /// value × (1 + g)^n against value × (1 + g − e)^n for each horizon: fees taken from each year's growth.
    public static func feeDrag(
        value: Decimal, growthRate: Decimal, expenseRatio: Decimal, horizons: [Int] = feeDragHorizons
    ) -> [FeeDrag] {
        horizons.map { years in
            FeeDrag(
                years: years, valueWithoutFees: value * power(1 + growthRate, years),
                valueWithFees: value * power(1 + growthRate - expenseRatio, years))
        }
    }

    /// `base^exponent` for a whole exponent, exactly as `Decimal` multiplies.
    static func power(_ base: Decimal, _ exponent: Int) -> Decimal {
        var result = Decimal(1)
        for _ in 0..<exponent { result *= base }
        return result
    }
}
