import Failures
import FeatureKit
import FeatureWeb
import Hummingbird
import Money
import MutualFunds
import MutualFundsPortfolio

/// `/funds/portfolio/transactions`: every stored transaction with the id `remove` takes (as
/// `folio funds portfolio transactions`), sortable and paged, each with its remove button, and the forms that
/// record a purchase or redemption made outside any statement (`add`, `sell`).
struct TransactionsPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    static let path = "/funds/portfolio/transactions"
    static let pageSize = 50

    /// An optional figure's order: a row without one first.
    static func less(_ left: Amount?, _ right: Amount?) -> Bool { PortfolioPage.less(left, right) }

    static let columns: [TableColumn<TransactionRow>] = [
        TableColumn("ID", key: "id") { $0.id < $1.id },
        TableColumn("Folio", key: "folio") { $0.folio < $1.folio },
        TableColumn("Scheme", key: "scheme") { $0.scheme < $1.scheme },
        TableColumn("Date", key: "date") { $0.date < $1.date },
        TableColumn("Type", key: "type") { $0.type < $1.type },
        TableColumn("Amount", key: "amount", numeric: true) { less($0.amount, $1.amount) },
        TableColumn("Units", key: "units", numeric: true) { less($0.units, $1.units) },
        TableColumn("NAV", key: "nav", numeric: true) { less($0.nav, $1.nav) },
        TableColumn("Balance", key: "balance", numeric: true) { less($0.balance, $1.balance) },
        TableColumn(""),
    ]

    /// The page; `entry` is a refused add or sell, shown in its form with what was typed.
    func page(
        _ request: Request, context: WebRequestContext, entry: EntryForm? = nil
    ) async -> Response {
        let rows: [TransactionRow]
        do {
            rows = try await FundsWebService.portfolio(environment).portfolioTransactions()
        } catch {
            return environment.failurePage(
                FolioError.from(error), title: "Transactions", request: request, context: context)
        }
        let query = request.uri.queryParameters
        var content: HTML = "<p><a href=\"/funds/portfolio\">Back to my funds</a></p>"
        content +=
            SortedTable(
                columns: Self.columns, rows: rows, id: "transactions", noun: "transactions", pageSize: Self.pageSize,
                sort: query["sort"].map(String.init), page: query["page"].map(String.init),
                link: { "\(Self.path)?\($0)#transactions" },
                empty: "No transactions yet: import a statement on My funds, or record one below."
            ) { row in
                [
                    "<code>\(row.id)</code>", "\(row.folio)",
                    "\(row.scheme)\(row.reconciled ? "" : " (unreconciled)")", "\(row.date)", "\(row.type)",
                    "\(row.amount.map(FundText.money) ?? "—")", "\(row.units?.plainText ?? "—")",
                    "\(row.nav?.plainText ?? "—")", "\(row.balance?.plainText ?? "—")",
                    TransactionRemoval.button(row, csrf: context.csrfToken),
                ]
            }.html
        content += "<p>As JSON: <a href=\"/api\(Self.path)\">/api\(Self.path)</a>.</p>"
        for side in [EntryForm.Side.buy, .sell] {
            let shown = entry?.side == side ? entry! : EntryForm(side: side)
            content += shown.html(csrf: context.csrfToken)
        }
        let status = entry?.error.map(WebResponses.status(for:)) ?? .ok
        return environment.page("Transactions", request: request, context: context, status: status, content: content)
    }

    /// Records the posted entry, then goes back to the transactions with what was recorded; a refusal shows the
    /// page again with the form as typed.
    func record(_ side: EntryForm.Side, request: Request, context: WebRequestContext) async throws -> Response {
        let posted = try await FormData.read(request, context: context)
        var form = EntryForm(side: side)
        for name in EntryForm.fields { form.values[name] = posted[name] ?? "" }
        do {
            let row = try await FundsWebService.portfolio(environment).addManual(try form.entry())
            let message =
                "Recorded \(row.units?.plainText ?? "") units of \(row.scheme) at NAV \(row.nav?.plainText ?? "") on "
                + "\(row.date) (\(row.amount.map(FundText.money) ?? "")) in folio \(row.folio); id \(row.id)."
            return WebResponses.redirect(to: TransactionsPage.path, flash: Flash(.success, message))
        } catch {
            form.error = FolioError.from(error)
            return await page(request, context: context, entry: form)
        }
    }
}
