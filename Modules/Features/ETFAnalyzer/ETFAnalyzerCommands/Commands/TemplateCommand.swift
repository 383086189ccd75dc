import ArgumentParser
import ETFAnalyzer
import FeatureCLI
import FeatureKit

/// `folio etf template`: a commented example portfolio to start from.
struct TemplateCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "template",
        abstract: "Print a commented example portfolio file (CSV or JSON).",
        discussion: """
            The output reads back as it is: lines starting with # (CSV) or //
            (JSON) are comments. Expense ratio and yield are percentages as on
            a fact sheet (0.03 means 0.03 %); the analysis date is optional
            (default --as-of, else today) and not before the purchase date.
              annualized = (final / initial)^(365 / days held) − 1

            Examples:
              folio etf template > portfolio.csv
              folio etf template --format json --output portfolio.json
            """
    )

    enum TemplateFormat: String, ExpressibleByArgument, CaseIterable {
        case csv
        case json
    }

    @Option(help: "File format: csv or json.")
    var format: TemplateFormat = .csv

    @Option(
        help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"),
        completion: .portfolioFiles)
    var output: String?

    func run(in context: FeatureContext) async throws {
        let text = PortfolioAnalysisService.template(format == .csv ? .csv : .json)
        try OutputDestination(path: output).emit(text, to: context.terminal)
    }
}
