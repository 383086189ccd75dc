import ArgumentParser
import ETFAnalyzer
import FeatureCLI
import FeatureKit
import Foundation
import Timing

/// `folio etf save NAME FILE`: keep a validated portfolio in the store.
struct SaveCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "save",
        abstract: "Save a portfolio file under a name, to analyze later with --saved.",
        discussion: """
            The file is validated as `analyze` does (every problem listed,
            exit 65, nothing saved). Rows without an analysis date are
            analyzed as of --as-of, else today, each time. Names are 1–64
            letters, digits, '.', '_' or '-', not case-sensitive. Nothing is
            calculated here: `analyze --saved` computes, e.g.,
              annualized = (final / initial)^(365 / days) − 1

            Examples:
              folio etf save core portfolio.csv
              cat portfolio.json | folio etf save core - --yes
            """
    )

    @Argument(help: ArgumentHelp("The name to save under.", valueName: "name"))
    var name: String

    @Argument(
        help: ArgumentHelp("The portfolio file, or - for standard input.", valueName: "file"),
        completion: .portfolioFiles)
    var file: String

    @Flag(help: "Replace a saved portfolio with the same name.")
    var yes = false

    func run(in context: FeatureContext) async throws {
        let services = ETFAnalyzerServices(context: context)
        try await mappingDomainErrors {
            try SavedPortfolios.validate(name: name)
            let loaded = try services.loader.load(file, defaultAnalysisDate: nil)
            let replaced = try await services.analysis.save(
                name, holdings: loaded.holdings, source: loaded.source, replace: yes)
            let count = "\(loaded.holdings.count) ETF\(loaded.holdings.count == 1 ? "" : "s")"
            context.terminal.print(
                "\(replaced ? "Replaced" : "Saved") portfolio \(name): \(count) from \(loaded.source).")
        }
    }
}
