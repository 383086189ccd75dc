import ArgumentParser
import ETFAnalyzer
import Failures
import FeatureCLI
import FeatureKit

/// `folio etf delete NAME`: forget a saved portfolio.
struct DeleteCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a saved portfolio.",
        discussion: """
            Asks first on a terminal; elsewhere --yes is required. Only the
            saved copy is removed, never a file. Nothing is calculated; see
            `folio etf analyze --help` for the formulas.

            Examples:
              folio etf delete core
              folio etf delete core --yes
            """
    )

    @Argument(help: ArgumentHelp("The saved portfolio's name.", valueName: "name"), completion: .savedPortfolioNames)
    var name: String

    @Flag(help: "Delete without asking.")
    var yes = false

    func run(in context: FeatureContext) async throws {
        let services = ETFAnalyzerServices(context: context)
        try await mappingDomainErrors {
            let portfolio = try await services.analysis.portfolio(named: name)
            let agreed = try Confirmation.ask(
                "Delete the saved portfolio \(portfolio.name) (\(portfolio.holdings.count) ETFs)?",
                action: "deleting \(portfolio.name)", yes: yes, terminal: context.terminal)
            guard agreed else { throw FolioError(.refused, "\(portfolio.name) was not deleted") }
            try await services.analysis.delete(name)
            context.terminal.print("Deleted saved portfolio \(portfolio.name).")
        }
    }
}
