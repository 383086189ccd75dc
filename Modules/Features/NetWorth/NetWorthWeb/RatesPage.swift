import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import NetWorth
import Timing

/// `/networth/rates`: what `rate list [CUR]` prints (`only` = the currency, named apart from the set form's field),
/// each rate with a remove button that asks first (a second post, so it works without JavaScript), and the form of
/// `rate set`.
struct RatesPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    func render(
        _ request: Request, context: WebRequestContext,
        rateForm: AccountForms.RateForm = AccountForms.RateForm(), status: HTTPResponse.Status = .ok
    ) async -> Response {
        let currency = request.uri.queryParameters["only"].map(String.init) ?? ""
        var listed: (base: String, rates: [ExchangeRate])
        var filterError: String?
        var status = status
        do {
            let service = try RateService(NetWorthWeb.dependencies(environment))
            do {
                listed = try await service.list(currency.isEmpty ? nil : currency)
            } catch let refusal as FolioError {
                // A bad filter still shows every rate, with the reason beside the filter.
                filterError = NetWorthForms.sentence(refusal)
                status = WebResponses.status(for: refusal)
                listed = try await service.list()
            }
        } catch {
            return environment.failurePage(
                FolioError.from(error), title: "Exchange rates", request: request, context: context)
        }
        let filtered = !currency.isEmpty && filterError == nil
        let csrf = context.csrfToken
        let filter =
            "<form method=\"get\" action=\"/networth/rates\" aria-label=\"Filter rates\">"
            + Components.field(
                "only", label: "Only this currency (as rate list CUR)", value: currency, error: filterError,
                placeholder: "USD")
            + "<button type=\"submit\">Filter</button></form>"
        let table = Components.table(
            caption: listed.rates.isEmpty
                ? (filtered ? "No \(currency.uppercased()) rates yet." : "No rates yet.")
                : "1 unit of each currency in \(listed.base)",
            headers: ["Currency", "From", "Rate", ""], numeric: [2],
            rows: listed.rates.map { rate in
                [
                    "\(rate.currency)", Day.html(rate.date), "\(rate.rate.plainText) \(rate.base)",
                    Components.postForm(
                        action: "/networth/rates/remove", csrf: csrf, class: "inline",
                        "<input type=\"hidden\" name=\"currency\" value=\"\(rate.currency)\"><input type=\"hidden\" name=\"date\" value=\"\(rate.date.iso8601)\"><button type=\"submit\" class=\"secondary\">Remove…</button>"
                    ),
                ]
            }, id: "rates")
        let content: HTML =
            NetWorthWeb.subnavigation + filter + table + "<h2 id=\"set-rate\">Set a rate</h2>"
            + AccountForms.rateForm(rateForm, csrf: csrf)
        return environment.page("Exchange rates", request: request, context: context, status: status, content: content)
    }

    /// The first post asks; only the confirmed post removes.
    func remove(
        _ request: Request, context: WebRequestContext
    ) async throws
        -> Response
    {
        let fields = try await FormData.read(request, context: context)
        let currency = fields["currency"] ?? ""
        let dateText = fields["date"] ?? ""
        do {
            let service = try RateService(NetWorthWeb.dependencies(environment))
            let date = try NetWorthForms.parseDate(dateText)
            guard fields["confirmed"] == "yes" else {
                let rate = try await service.list(currency).rates.first { $0.date == date }
                guard let rate else {
                    throw FolioError(
                        .refused, "there is no \(currency.uppercased()) rate of \(date.iso8601)", field: "date")
                }
                let content = Components.confirmation(
                    "Remove the \(rate.currency) rate of \(Day.text(rate.date)) (\(rate.rate.plainText) \(rate.base))?",
                    action: "/networth/rates/remove", csrf: context.csrfToken,
                    fields: [("currency", rate.currency), ("date", rate.date.iso8601)],
                    button: "Remove the rate", cancel: "/networth/rates")
                return environment.page(
                    "Remove the \(rate.currency) rate?", request: request, context: context, content: content)
            }
            let removed = try await service.remove(currency, on: date)
            return WebResponses.redirect(
                to: "/networth/rates",
                flash: Flash(
                    .success,
                    "Removed the \(removed.currency) rate of \(removed.date.iso8601) (\(removed.rate.plainText) \(removed.base))."
                ))
        } catch {
            return WebResponses.redirect(to: "/networth/rates", flash: Flash(.error, FolioError.from(error).line))
        }
    }
}
