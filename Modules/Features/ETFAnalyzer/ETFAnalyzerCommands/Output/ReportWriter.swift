import ETFAnalyzer
import Failures
import FeatureKit
import Foundation
import Money
import Timing

/// Analyses holdings and writes the report in the chosen format, to stdout or `--output`.
struct ReportWriter {
    var options: AnalysisOptions
    var context: FeatureContext

    /// Analyses `holdings` at the run's date (rows checked against it first) and emits the report.
    /// - Throws: ``FolioError`` (65) listing every problem when a row breaks a rule; nothing is written then.
    func analyzeAndEmit(_ holdings: [ETFHolding], source: String, market: [MarketFill] = []) throws {
        let service = PortfolioAnalysisService(store: context.store, timing: context.timing)
        var report: PortfolioReport
        do {
            report = try service.analyze(
                holdings, asOf: try options.analysisDate(in: context), growthRate: try options.growthRate(),
                currency: try options.currencyCode())
        } catch let error as PortfolioInputError {
            throw error.folioError(source: source)
        }
        report.market = market
        try OutputDestination(path: options.output).emit(try render(report), to: context.terminal)
    }

    /// The report in the chosen format.
    func render(_ report: PortfolioReport) throws -> String {
        let text = ReportText(currency: try options.currencyCode())
        switch options.format {
        case .json:
            return try JSONOutput.string(report)
        case .csv:
            return ReportExport.csv(report)
        case .markdown:
            return ReportExport.markdown(report, currencySymbol: NumberFormat.currencySymbol(report.currency))
        case .table:
            // A file gets plain text whatever the terminal supports.
            let style = options.output == nil ? context.style : Style(colorEnabled: false)
            // Fitted to a terminal someone reads; piped or written to a file nothing is shortened, so every
            // name stays whole and distinguishable.
            let fitted = options.output == nil && context.terminal.isInteractive
            return TableReport(
                report: report, text: text, style: style, width: fitted ? context.terminal.width : .max,
                details: options.details
            ).render() + MarketFillText.render(report, text: text, style: style)
        }
    }
}
