import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import MutualFunds
import MutualFundsPortfolio

/// `folio funds portfolio remove`.
struct PortfolioRemove: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove one transaction from the portfolio by its id.",
        discussion: """
            Examples:
              folio funds portfolio transactions
              folio funds portfolio remove 3f9a1c07be
            """
    )

    @Argument(help: "The transaction's id, as the transactions list shows it.")
    var id: String

    func run(in context: FeatureContext) async throws {
        let row: TransactionRow
        do {
            row = try await FundsServices(context: context).portfolio().removeTransaction(id: id)
        } catch let error as FolioError where error.kind == .notFound {
            throw FolioError(
                error.kind, error.what, hint: "see the ids with: folio funds portfolio transactions", field: error.field
            )
        }
        context.terminal.print("Removed the \(row.type) of \(row.date) in \(row.scheme) (folio \(row.folio)).")
    }
}
