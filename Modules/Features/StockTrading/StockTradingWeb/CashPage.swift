import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import StockTrading

/// `/stocks/cash`: the account's cash with deposit and withdraw forms; `POST /stocks/cash` moves cash through
/// the same service as `folio stocks deposit|withdraw`. A refused amount stays in the box with the reason beside
/// it, and the cash is unchanged.
struct CashPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    struct CashForm: Sendable {
        var amount = ""
        var error: String?
    }

    func show(
        _ request: Request, context: WebRequestContext, owner: Session,
        form: CashForm = CashForm(), status: HTTPResponse.Status = .ok
    ) async -> Response {
        let cash: Priced<PortfolioReport>
        do {
            cash = try await StocksWebServices.make(environment).portfolio.portfolio(for: owner)
        } catch {
            return environment.failurePage(FolioError.from(error), title: "Cash", request: request, context: context)
        }
        var content = StockTradingWeb.subnavigation(owner, csrf: context.csrfToken)
        content +=
            "<div class=\"figures\" id=\"cash-figures\">\(Components.figure("Cash", Dollars.text(cash.report.totals.cash)))</div>"
        var fields = Components.field(
            "amount", label: "Amount ($)", value: form.amount, error: form.error, placeholder: "500",
            attributes: " inputmode=\"decimal\" required")
        fields += """
            <button type="submit" name="action" value="deposit">Deposit</button>\
            <button type="submit" name="action" value="withdraw" class="secondary">Withdraw</button>
            """
        content +=
            "<h2 id=\"move\">Deposit or withdraw</h2>"
            + Components.postForm(action: "/stocks/cash", csrf: context.csrfToken, fields)
        content +=
            "<p class=\"hint\">Deposits and withdrawals are money put in or taken out: they change the amount invested, not the return.</p>"
        return environment.page("Cash", request: request, context: context, status: status, content: content)
    }

    func move(
        _ request: Request, context: WebRequestContext, owner: Session
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        var form = CashForm(amount: fields["amount"] ?? "")
        do {
            let amount = try TypedInput.cashAmount(form.amount)
            let trading = try await StocksWebServices.make(environment).trading
            let message: String
            switch fields["action"] {
            case "deposit":
                let report = try await trading.deposit(amount, for: owner)
                message = "Deposited \(Dollars.text(report.amount)). Cash: \(Dollars.text(report.cashAfter))."
            case "withdraw":
                let report = try await trading.withdraw(amount, for: owner)
                message = "Withdrew \(Dollars.text(report.amount)). Cash: \(Dollars.text(report.cashAfter))."
            default:
                throw FolioError(.invalid, "no action chosen", why: "press Deposit or Withdraw", field: "amount")
            }
            return WebResponses.redirect(to: "/stocks/cash", flash: Flash(.success, message))
        } catch {
            let failure = FolioError.from(error)
            form.error = failure.line
            return await show(
                request, context: context, owner: owner, form: form,
                status: WebResponses.status(for: failure))
        }
    }
}
