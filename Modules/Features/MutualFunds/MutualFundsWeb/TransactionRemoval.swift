import Failures
import FeatureKit
import FeatureWeb
import Hummingbird
import MutualFunds
import MutualFundsPortfolio

/// Removing a transaction by its id (`folio funds portfolio remove ID`): the first post asks, naming the
/// transaction; only the confirmed post removes it, so it works without JavaScript.
struct TransactionRemoval {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    static let action = "/funds/portfolio/remove"

    /// The row's remove button.
    static func button(_ row: TransactionRow, csrf: String) -> HTML {
        Components.postForm(
            action: action, csrf: csrf, class: "inline",
            "<input type=\"hidden\" name=\"id\" value=\"\(row.id)\"><button type=\"submit\" class=\"secondary\" aria-label=\"Remove transaction \(row.id)\">Remove</button>"
        )
    }

    func post(
        _ request: Request, context: WebRequestContext
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        let id = fields["id"] ?? ""
        let flash: Flash
        do {
            let service = try FundsWebService.portfolio(environment)
            guard fields["confirmed"] == "yes" else {
                guard let row = try await service.portfolioTransactions().first(where: { $0.id == id }) else {
                    throw FolioError(.notFound, "no transaction \(id)", field: "id")
                }
                let content = Components.confirmation(
                    "Remove the \(row.type) of \(row.date) in <strong>\(row.scheme)</strong> (folio \(row.folio), id \(row.id))? "
                        + "The holdings and gains are worked out again without it.",
                    action: Self.action, csrf: context.csrfToken, fields: [(name: "id", value: row.id)],
                    button: "Remove transaction \(row.id)", cancel: TransactionsPage.path)
                return environment.page(
                    "Remove transaction \(row.id)?", request: request, context: context, content: content)
            }
            let row = try await service.removeTransaction(id: id)
            flash = Flash(.success, "Removed the \(row.type) of \(row.date) in \(row.scheme) (folio \(row.folio)).")
        } catch {
            flash = Flash(.error, FolioError.from(error).line)
        }
        return WebResponses.redirect(to: TransactionsPage.path, flash: flash)
    }
}
