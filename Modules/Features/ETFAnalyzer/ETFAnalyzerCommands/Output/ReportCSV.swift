import ETFAnalyzer
import FeatureKit

/// The report as CSV: one row per ETF with the JSON rows' keys as columns (``ETFRow/columns``), figures as the JSON
/// gives them (money at the currency's minor unit, rates to 10 places), an absent annualized return empty.
enum ReportCSV {
    static func document(_ report: PortfolioReport) -> String {
        CSVOutput.document(header: ETFRow.columns, rows: report.rows.map(\.fields))
    }
}
