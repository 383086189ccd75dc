import ETFAnalyzer
import FeatureKit
import Foundation
import Timing

/// Analyses holdings and writes the report in the chosen format, to stdout or `--output`.
struct ReportWriter {
    var options: AnalysisOptions
    var context: FeatureContext

    /// Validates `holdings` against the run's analysis date (unless a reader just did), analyses them and
    /// emits the report.
    /// - Throws: ``FolioError`` (65) listing every problem when a row breaks a rule; nothing is written then.
    func analyzeAndEmit(_ holdings: [ETFHolding], source: String, alreadyValidated: Bool = false) throws {
        let defaultDate = try options.analysisDate(in: context)
        if !alreadyValidated {
            let issues = PortfolioReader.validate(holdings, defaultAnalysisDate: defaultDate)
            guard issues.isEmpty else { throw PortfolioInputError(issues: issues).folioError(source: source) }
        }
        let report = PortfolioCalculator.report(
            holdings, defaultAnalysisDate: defaultDate, growthRate: try options.growthRate())
        try ExactOutput(path: options.output).emit(try render(report), to: context.terminal)
    }

    /// The report in the chosen format.
    func render(_ report: PortfolioReport) throws -> String {
        let text = ReportText(currency: try options.currencyCode())
        switch options.format {
        case .json:
            return ReportJSON.document(report)
        case .csv:
            return ReportJSON.csv(report)
        case .markdown:
            return MarkdownReport(report: report, text: text).render()
        case .table:
            // A file gets plain text whatever the terminal supports.
            let style = options.output == nil ? context.style : Style(colorEnabled: false)
            return TableReport(
                report: report, text: text, style: style, width: options.output == nil ? context.terminal.width : 100,
                details: options.details
            ).render()
        }
    }
}
