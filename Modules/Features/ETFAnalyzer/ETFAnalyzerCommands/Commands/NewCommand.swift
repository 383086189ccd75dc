import ArgumentParser
import ETFAnalyzer
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Timing

/// `folio etf new FILE`: the app's form as prompts; writes the file, optionally saves it, then analyzes it.
struct NewCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Build a portfolio file interactively, then analyze it.",
        discussion: """
            Asks for the number of ETFs, then for each: name, expense ratio %,
            yield %, shares, purchase price, purchase date, current price and
            analysis date. Each answer is checked at once (name not empty,
            expense ratio ≥ 0, yield ≥ 0, shares > 0, prices > 0, analysis
            date ≥ purchase date) and asked again until valid. Prompts go to
            stderr; the file is CSV unless its name ends in .json.

            The analysis uses the formulas of `folio etf analyze`, e.g.
              net return = capital appreciation
                + initial × (yield % − expense ratio %) × days / 365
              annualized = (final / initial)^(365 / days) − 1

            Examples:
              folio etf new portfolio.csv
              folio etf new portfolio.json --save core --details
            """
    )

    @Argument(
        help: ArgumentHelp("The portfolio file to write (.csv or .json).", valueName: "file"),
        completion: .portfolioFiles)
    var file: String

    @Option(help: ArgumentHelp("Also save the portfolio under this name.", valueName: "name"))
    var save: String?

    @Flag(help: "Replace an existing file or saved portfolio without asking.")
    var yes = false

    @OptionGroup var options: AnalysisOptions

    func run(in context: FeatureContext) async throws {
        let services = ETFAnalyzerServices(context: context)
        try options.validate(in: context)
        guard file != "-" else {
            throw FolioError(.usage, "new needs a file name to write", hint: "folio etf new portfolio.csv")
        }
        if FileManager.default.fileExists(atPath: file) {
            let replace = try Confirmation.ask(
                "\(file) exists. Replace it?", action: "replacing \(file)", yes: yes, terminal: context.terminal)
            guard replace else { throw FolioError(.refused, "\(file) was left as it is") }
        }
        let service = services.analysis
        if let save {
            try await mappingDomainErrors { () async throws -> Void in
                if try await service.isSaved(save), !yes { throw SavedPortfolioError.exists(save) }
            }
        }
        let holdings = try HoldingPrompter(
            terminal: context.terminal, defaultAnalysisDate: try options.analysisDate(in: context)
        ).holdings()
        try OutputDestination(path: file).emit(try PortfolioFileWriter.text(holdings, path: file), to: context.terminal)
        context.terminal.printError("Wrote \(holdings.count) ETF\(holdings.count == 1 ? "" : "s") to \(file).")
        if let save {
            _ = try await mappingDomainErrors {
                try await service.save(save, holdings: holdings, source: file, replace: true)
            }
            context.terminal.printError("Saved as \(save).")
        }
        try ReportWriter(options: options, context: context).analyzeAndEmit(holdings, source: file)
    }
}
