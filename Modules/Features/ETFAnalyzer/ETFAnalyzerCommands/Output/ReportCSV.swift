import ETFAnalyzer
import FeatureKit
import Money
import Timing

/// The report as CSV: one row per ETF with the JSON rows' keys as columns (``ETFRow/columns``), figures as
/// the JSON gives them (10 places, no trailing zeros), an absent annualized return as an empty field.
enum ReportCSV {
    static func document(_ report: PortfolioReport) -> String {
        let rows = report.etfs.map { etf -> [String] in
            [
                etf.holding.name, etf.analysisDate.iso8601, String(etf.daysHeld), figure(etf.initialInvestment),
                figure(etf.currentValue), figure(etf.capitalAppreciation), figure(etf.yieldIncome),
                figure(etf.grossReturn), figure(etf.expenses), figure(etf.netReturn), figure(etf.totalReturn),
                etf.annualizedReturn.map(figure) ?? "", etf.isUnderAYear ? "true" : "false", figure(etf.weight),
                figure(etf.allocation),
            ]
        }
        return CSVOutput.document(header: ETFRow.columns, rows: rows)
    }

    private static func figure(_ value: Amount) -> String { value.rounded(toPlaces: 10, .halfEven).plainText }
}
