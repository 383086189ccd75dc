import Foundation
import Money
import Timing

/// The seed's `PortfolioCalculator`: pure functions from holdings to figures.
///
/// Money is exact `Amount` arithmetic throughout. Sums are exact; products and quotients are rounded
/// half-to-even at the twelfth decimal place, far below anything shown (JSON and CSV print 10 places). Only
/// the fractional powers of the annualized returns go through `Double` (there is no exact power with a
/// fractional exponent); they are rounded to 10 places. A figure beyond an amount's range (±10²⁶) is reported
/// as ``MoneyError/overflow``, never wrapped.
public enum PortfolioCalculator {
    /// The fee-drag horizons in years.
    public static let feeDragHorizons = [10, 20, 30]
    /// Decimal places kept by every quotient (money, returns, weights, allocations, rates).
    public static let places = Amount.places

    /// One ETF's figures, before its weight and allocation are known (both 0 here).
    /// - Precondition: The holding passed validation (analysis date not before purchase date).
    public static func analyze(_ holding: ETFHolding, on analysisDate: CalendarDate) throws(MoneyError) -> ETFAnalysis {
        try EtfFigures(holding, analysisDate: analysisDate).analysis
    }

    /// The whole report: every ETF with its weight and allocation, and the portfolio summary.
    /// - Parameters:
    ///   - defaultAnalysisDate: The analysis date for holdings without their own.
    ///   - growthRate: The assumed annual growth for the fee drag, as a fraction (`0.07`).
    /// - Precondition: At least one holding, all valid.
    public static func report(
        _ holdings: [ETFHolding], defaultAnalysisDate: CalendarDate, growthRate: Amount
    ) throws(MoneyError) -> PortfolioReport {
        var rows: [EtfFigures] = []
        rows.reserveCapacity(holdings.count)
        for holding in holdings {
            rows.append(try EtfFigures(holding, analysisDate: holding.analysisDate(default: defaultAnalysisDate)))
        }
        var totalInitial = Amount.zero
        var totalCurrent = Amount.zero
        var totalCapital = Amount.zero
        var totalYield = Amount.zero
        var totalGross = Amount.zero
        var totalExpenses = Amount.zero
        var totalNet = Amount.zero
        var totalFinal = Amount.zero
        var initialDays = Amount.zero
        var feePercentMoney = Amount.zero
        for row in rows {
            totalInitial = try totalInitial + row.initial
            totalCurrent = try totalCurrent + row.current
            totalCapital = try totalCapital + row.capital
            totalYield = try totalYield + row.yieldIncome
            totalGross = try totalGross + row.gross
            totalExpenses = try totalExpenses + row.expenses
            totalNet = try totalNet + row.net
            totalFinal = try totalFinal + row.final
            initialDays = try initialDays + row.initial * row.days
            feePercentMoney = try feePercentMoney + row.current * row.holding.expenseRatio
        }
        var etfs: [ETFAnalysis] = []
        etfs.reserveCapacity(rows.count)
        var weightedSum = Amount.zero
        var weightCovered = Amount.zero
        var excluded = 0
        for row in rows {
            let weight = try quotient(row.initial, totalInitial)
            let allocation = try quotient(row.current, totalCurrent)
            if let annualized = row.annualized {
                weightedSum = try weightedSum + weight * annualized
                weightCovered = try weightCovered + weight
            } else {
                excluded += 1
            }
            var analysis = row.analysis
            analysis.weight = weight
            analysis.allocation = allocation
            etfs.append(analysis)
        }
        let weightedAnnual: Amount? =
            weightCovered.isZero ? nil : excluded == 0 ? weightedSum : try quotient(weightedSum, weightCovered)
        let meanDays = try quotient(initialDays, totalInitial)
        let ownAnnualized = annualized(
            ratio: totalFinal.doubleValue / totalInitial.doubleValue, days: meanDays.doubleValue)
        let annualFees = try quotient(feePercentMoney, 100)
        let weightedExpenseRatio = try quotient(annualFees, totalCurrent)
        let summary = PortfolioSummary(
            count: etfs.count, totalInitial: totalInitial, totalCurrent: totalCurrent,
            totalCapitalAppreciation: totalCapital, totalYieldIncome: totalYield, totalGrossReturn: totalGross,
            totalExpenses: totalExpenses, totalNetReturn: totalNet, totalFinalValue: totalFinal,
            totalReturn: try quotient(totalNet, totalInitial), weightedAnnualReturn: weightedAnnual,
            excludedFromWeighted: excluded, meanDaysHeld: meanDays, annualizedReturn: ownAnnualized,
            weightedExpenseRatio: weightedExpenseRatio, annualFees: annualFees, growthRate: growthRate,
            feeDrag: try feeDrag(value: totalCurrent, growthRate: growthRate, expenseRatio: weightedExpenseRatio))
        return PortfolioReport(etfs: etfs, portfolio: summary)
    }

    /// value × (1 + g)^n against value × (1 + g − e)^n for each horizon: fees taken from each year's growth.
    public static func feeDrag(
        value: Amount, growthRate: Amount, expenseRatio: Amount, horizons: [Int] = feeDragHorizons
    ) throws(MoneyError) -> [FeeDrag] {
        let gross = try 1 + growthRate
        let net = try gross - expenseRatio
        var result: [FeeDrag] = []
        for years in horizons {
            result.append(
                try FeeDrag(
                    years: years, valueWithoutFees: try grown(value, by: gross, years: years),
                    valueWithFees: try grown(value, by: net, years: years)))
        }
        return result
    }

    /// `value × factor^years`, multiplied into the value year by year so each rounding (at 10⁻¹²) is relative
    /// to the money, not to a power that is rounded first and scaled up afterwards.
    static func grown(_ value: Amount, by factor: Amount, years: Int) throws(MoneyError) -> Amount {
        var result = value
        for _ in 0..<years { result = try result * factor }
        return result
    }

    /// `numerator / denominator` to 12 places; 0 for a zero denominator (an empty total has no shares).
    static func quotient(_ numerator: Amount, _ denominator: Amount) throws(MoneyError) -> Amount {
        denominator.isZero ? .zero : try numerator.divided(by: denominator, places: places, rounding: .halfEven)
    }

    /// `(ratio)^(365 / days) − 1` rounded to 10 places; nil for no time held, a ratio that is not positive (a
    /// loss beyond the whole investment has no annual rate) or a rate beyond ±10^8.
    static func annualized(ratio: Double, days: Double) -> Amount? {
        guard days > 0, ratio > 0, ratio.isFinite else { return nil }
        let rate = pow(ratio, 365 / days) - 1
        guard rate.isFinite, abs(rate) < 1e8 else { return nil }
        return Amount(rate, places: 10, rounding: .toNearestOrEven)
    }
}

/// One ETF's formulas.
private struct EtfFigures {
    let holding: ETFHolding
    let analysisDate: CalendarDate
    let days: Int
    let initial: Amount
    let current: Amount
    let capital: Amount
    let yieldIncome: Amount
    let expenses: Amount
    let gross: Amount
    let net: Amount
    let final: Amount
    let totalReturn: Amount
    let annualized: Amount?

    init(_ holding: ETFHolding, analysisDate: CalendarDate) throws(MoneyError) {
        self.holding = holding
        self.analysisDate = analysisDate
        days = holding.purchaseDate.days(to: analysisDate)
        initial = try holding.shares * holding.purchasePrice
        current = try holding.shares * holding.currentPrice
        capital = try current - initial
        // initial × (rate / 100) × (days / 365), divided once so the result is rounded once.
        let dayWeightedInitial = try initial * days
        yieldIncome = try PortfolioCalculator.quotient(try dayWeightedInitial * holding.yield, 36_500)
        expenses = try PortfolioCalculator.quotient(try dayWeightedInitial * holding.expenseRatio, 36_500)
        gross = try capital + yieldIncome
        net = try gross - expenses
        final = try initial + net
        totalReturn = try PortfolioCalculator.quotient(net, initial)
        annualized = PortfolioCalculator.annualized(ratio: final.doubleValue / initial.doubleValue, days: Double(days))
    }

    var analysis: ETFAnalysis {
        ETFAnalysis(
            holding: holding, analysisDate: analysisDate, daysHeld: days, initialInvestment: initial,
            currentValue: current, capitalAppreciation: capital, yieldIncome: yieldIncome, grossReturn: gross,
            expenses: expenses, netReturn: net, finalValue: final, totalReturn: totalReturn,
            annualizedReturn: annualized)
    }
}
