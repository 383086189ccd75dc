import Foundation
import Timing

/// The seed's `PortfolioCalculator`: pure functions from holdings to figures.
///
/// Money is exact decimal arithmetic throughout: the formulas run on 128-bit fixed-point integers and, should
/// a figure outgrow them, again on Foundation's `Decimal`. Products and sums are exact; quotients are
/// rounded half-to-even to ``moneyPlaces`` (money) or ``fractionPlaces`` (weights, returns) decimal places.
/// Only the fractional powers of the annualized returns go through `Double` (there is no `Decimal` power
/// with a fractional exponent); they are rounded to 10 places.
public enum PortfolioCalculator {
    /// The fee-drag horizons in years.
    public static let feeDragHorizons = [10, 20, 30]
    /// Decimal places kept by quotients that are money (yield income, expenses, annual fees).
    public static let moneyPlaces = 12
    /// Decimal places kept by quotients that are fractions (returns, weights, allocations, rates).
    public static let fractionPlaces = 16

    /// One ETF's figures, before its weight and allocation are known (both 0 here).
    /// - Precondition: The holding passed validation (analysis date not before purchase date).
    public static func analyze(_ holding: ETFHolding, on analysisDate: CalendarDate) -> ETFAnalysis {
        let figures = EtfFigures<FixedDecimal>(holding, analysisDate: analysisDate)
        return figures.isExact
            ? figures.analysis : EtfFigures<DecimalNumber>(holding, analysisDate: analysisDate).analysis
    }

    /// The whole report: every ETF with its weight and allocation, and the portfolio summary.
    /// - Parameters:
    ///   - defaultAnalysisDate: The analysis date for holdings without their own.
    ///   - growthRate: The assumed annual growth for the fee drag, as a fraction (`0.07`).
    /// - Precondition: At least one holding, all valid.
    public static func report(
        _ holdings: [ETFHolding], defaultAnalysisDate: CalendarDate, growthRate: Decimal
    ) -> PortfolioReport {
        compute(holdings, defaultAnalysisDate: defaultAnalysisDate, growthRate: growthRate, as: FixedDecimal.self)
            ?? compute(holdings, defaultAnalysisDate: defaultAnalysisDate, growthRate: growthRate, as: DecimalNumber.self)!
    }

    /// The report computed with `Decimal` only, whatever the size of the figures; the same results as
    /// ``report(_:defaultAnalysisDate:growthRate:)``, for checking the fast path.
    public static func reportUsingDecimal(
        _ holdings: [ETFHolding], defaultAnalysisDate: CalendarDate, growthRate: Decimal
    ) -> PortfolioReport {
        compute(holdings, defaultAnalysisDate: defaultAnalysisDate, growthRate: growthRate, as: DecimalNumber.self)!
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

    /// The report in arithmetic `N`; nil when a figure did not fit it.
    static func compute<N: CalcNumber>(
        _ holdings: [ETFHolding], defaultAnalysisDate: CalendarDate, growthRate: Decimal, as: N.Type
    ) -> PortfolioReport? {
        let rows = holdings.map { EtfFigures<N>($0, analysisDate: $0.analysisDate(default: defaultAnalysisDate)) }
        var exact = rows.allSatisfy(\.isExact)
        guard exact else { return nil }
        var totalInitial = N(integer: 0)
        var totalCurrent = N(integer: 0)
        var totalCapital = N(integer: 0)
        var totalYield = N(integer: 0)
        var totalGross = N(integer: 0)
        var totalExpenses = N(integer: 0)
        var totalNet = N(integer: 0)
        var totalFinal = N(integer: 0)
        var initialDays = N(integer: 0)
        var feePercentMoney = N(integer: 0)
        for row in rows {
            totalInitial = totalInitial + row.initial
            totalCurrent = totalCurrent + row.current
            totalCapital = totalCapital + row.capital
            totalYield = totalYield + row.yieldIncome
            totalGross = totalGross + row.gross
            totalExpenses = totalExpenses + row.expenses
            totalNet = totalNet + row.net
            totalFinal = totalFinal + row.final
            initialDays = initialDays + row.initial * N(integer: row.days)
            feePercentMoney = feePercentMoney + row.current * row.expenseRatio
        }
        var etfs: [ETFAnalysis] = []
        etfs.reserveCapacity(rows.count)
        var weightedSum = N(integer: 0)
        var weightCovered = N(integer: 0)
        var excluded = 0
        for row in rows {
            let weight = row.initial.divided(by: totalInitial, places: fractionPlaces)
            let allocation = row.current.divided(by: totalCurrent, places: fractionPlaces)
            if let annualized = row.annualized {
                weightedSum = weightedSum + weight * annualized
                weightCovered = weightCovered + weight
            } else {
                excluded += 1
            }
            exact = exact && weight.isExact && allocation.isExact
            var analysis = row.analysis
            analysis.weight = weight.decimal
            analysis.allocation = allocation.decimal
            etfs.append(analysis)
        }
        let weightedAnnual: N? =
            weightCovered.isZero
            ? nil : excluded == 0 ? weightedSum : weightedSum.divided(by: weightCovered, places: fractionPlaces)
        let meanDays = initialDays.divided(by: totalInitial, places: fractionPlaces)
        let ownAnnualized = annualizedUnits(ratio: totalFinal.double / totalInitial.double, days: meanDays.double)
        let annualFees = feePercentMoney.divided(by: N(integer: 100), places: moneyPlaces)
        let weightedExpenseRatio = annualFees.divided(by: totalCurrent, places: fractionPlaces)
        let totalReturn = totalNet.divided(by: totalInitial, places: fractionPlaces)
        let figures = [
            totalInitial, totalCurrent, totalCapital, totalYield, totalGross, totalExpenses, totalNet, totalFinal,
            meanDays, annualFees, weightedExpenseRatio, totalReturn, weightedAnnual ?? N(integer: 0),
        ]
        guard exact, figures.allSatisfy(\.isExact) else { return nil }
        let ratio = weightedExpenseRatio.decimal
        let summary = PortfolioSummary(
            count: etfs.count, totalInitial: totalInitial.decimal, totalCurrent: totalCurrent.decimal,
            totalCapitalAppreciation: totalCapital.decimal, totalYieldIncome: totalYield.decimal,
            totalGrossReturn: totalGross.decimal, totalExpenses: totalExpenses.decimal,
            totalNetReturn: totalNet.decimal, totalFinalValue: totalFinal.decimal, totalReturn: totalReturn.decimal,
            weightedAnnualReturn: weightedAnnual?.decimal, excludedFromWeighted: excluded,
            meanDaysHeld: meanDays.decimal, annualizedReturn: ownAnnualized.map(rate(units:)),
            weightedExpenseRatio: ratio, annualFees: annualFees.decimal, growthRate: growthRate,
            feeDrag: feeDrag(value: totalCurrent.decimal, growthRate: growthRate, expenseRatio: ratio))
        return PortfolioReport(etfs: etfs, portfolio: summary)
    }

    /// `(ratio)^(365 / days) − 1` in units of 10^-10; nil for no time held, a ratio that is not positive (a
    /// loss beyond the whole investment has no annual rate) or a rate beyond ±10^8.
    static func annualizedUnits(ratio: Double, days: Double) -> Int64? {
        guard days > 0, ratio > 0, ratio.isFinite else { return nil }
        let rate = pow(ratio, 365 / days) - 1
        let scaled = (rate * 1e10).rounded(.toNearestOrEven)
        guard scaled.isFinite, abs(scaled) < 1e18 else { return nil }
        return Int64(scaled)
    }

    /// Units of 10^-10 as a `Decimal`.
    static func rate(units: Int64) -> Decimal {
        Decimal(sign: units < 0 ? .minus : .plus, exponent: -10, significand: Decimal(units.magnitude))
    }
}

/// One ETF's formulas in arithmetic `N`.
private struct EtfFigures<N: CalcNumber> {
    let holding: ETFHolding
    let analysisDate: CalendarDate
    let days: Int
    let expenseRatio: N
    let initial: N
    let current: N
    let capital: N
    let yieldIncome: N
    let expenses: N
    let gross: N
    let net: N
    let final: N
    let totalReturn: N
    let annualized: N?
    let annualizedUnits: Int64?

    init(_ holding: ETFHolding, analysisDate: CalendarDate) {
        self.holding = holding
        self.analysisDate = analysisDate
        days = holding.purchaseDate.days(to: analysisDate)
        let shares = N(holding.shares)
        expenseRatio = N(holding.expenseRatio)
        initial = shares * N(holding.purchasePrice)
        current = shares * N(holding.currentPrice)
        capital = current - initial
        // initial × (rate / 100) × (days / 365), divided once so the result is rounded once.
        let dayWeightedInitial = initial * N(integer: days)
        let divisor = N(integer: 36_500)
        yieldIncome = (dayWeightedInitial * N(holding.yield)).divided(by: divisor, places: PortfolioCalculator.moneyPlaces)
        expenses = (dayWeightedInitial * expenseRatio).divided(by: divisor, places: PortfolioCalculator.moneyPlaces)
        gross = capital + yieldIncome
        net = gross - expenses
        final = initial + net
        totalReturn = net.divided(by: initial, places: PortfolioCalculator.fractionPlaces)
        annualizedUnits = PortfolioCalculator.annualizedUnits(ratio: final.double / initial.double, days: Double(days))
        annualized = annualizedUnits.map { N(significand: $0, exponent: -10) }
    }

    var isExact: Bool {
        // Each figure is derived from the ones before, so a poisoned input reaches these.
        expenseRatio.isExact && final.isExact && expenses.isExact && totalReturn.isExact
            && (annualized?.isExact ?? true)
    }

    var analysis: ETFAnalysis {
        ETFAnalysis(
            holding: holding, analysisDate: analysisDate, daysHeld: days, initialInvestment: initial.decimal,
            currentValue: current.decimal, capitalAppreciation: capital.decimal, yieldIncome: yieldIncome.decimal,
            grossReturn: gross.decimal, expenses: expenses.decimal, netReturn: net.decimal, finalValue: final.decimal,
            totalReturn: totalReturn.decimal, annualizedReturn: annualizedUnits.map(PortfolioCalculator.rate(units:)))
    }
}
