import AlertRules
import Alerting
import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import StockTrading
import Timing

/// `/stocks/alerts`: the stock price alerts among the host's alerts (the ones `folio alerts` lists, checks and
/// delivers) and the form that adds one, as `folio alerts add stock` does. A refusal (an unknown symbol, a bad
/// level, a direction other than above or below) is shown next to its field, what was typed stays, and
/// nothing is stored. Removing goes through `/alerts/remove`, which asks first.
struct AlertsPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    struct AlertForm: Sendable {
        var symbol = ""
        var direction = "above"
        var level = ""
        var errors: [String: String] = [:]
    }

    func show(
        _ request: Request, context: WebRequestContext, owner: Session,
        form: AlertForm = AlertForm(), status: HTTPResponse.Status = .ok
    ) async -> Response {
        let listings: [AlertListing]
        do {
            listings = try await AlertsWeb.desk(environment).listings().filter { $0.kind == StockAlertParameters.kind }
        } catch {
            return environment.failurePage(
                FolioError.from(error), title: "Price alerts", request: request, context: context)
        }
        var content = StockTradingWeb.subnavigation(owner, csrf: context.csrfToken)
        content +=
            "<p class=\"hint\">Price alerts are the household's, checked while this server runs; "
            + "<a href=\"/alerts\">every alert</a> of every feature.</p>"
        content += AlertsWeb.table(listings, csrf: context.csrfToken, now: environment.timing.now())
        var fields = form.errors["general"].map { Components.notice($0, kind: "error") } ?? .empty
        fields += Components.field(
            "symbol", label: "Symbol", value: form.symbol, error: form.errors["symbol"], placeholder: "AAPL",
            attributes: " required")
        fields += Components.select(
            "direction", label: "When the price goes",
            options: [(value: "above", title: "above"), (value: "below", title: "below")],
            selected: form.direction)
        fields += Components.fieldError(form.errors["direction"], for: "direction")
        fields += Components.field(
            "level", label: "Level ($)", value: form.level, error: form.errors["level"], placeholder: "180",
            attributes: " inputmode=\"decimal\" required")
        fields += "<button type=\"submit\">Add alert</button>"
        content +=
            "<h2 id=\"add\">Add an alert</h2>"
            + Components.postForm(action: "/stocks/alerts/add", csrf: context.csrfToken, fields)
        return environment.page("Price alerts", request: request, context: context, status: status, content: content)
    }

    func add(
        _ request: Request, context: WebRequestContext, owner: Session
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        var form = AlertForm(
            symbol: fields["symbol"] ?? "", direction: fields["direction"] ?? "", level: fields["level"] ?? "")
        do {
            let direction = try PriceAlert.Direction(parsing: fields["direction"])
            // The stock kind's own parser, the one of /alerts and `folio alerts add stock`: its level field is
            // named by the direction, which this page asks for in a select of its own.
            let input = AlertInput(["symbol": form.symbol, direction.rawValue: form.level])
            let alert = try await AlertsWeb.desk(environment).add(kind: StockAlertParameters.kind, input: input)
            return WebResponses.redirect(
                to: "/stocks/alerts", flash: Flash(.success, "Added alert #\(alert.id): \(alert.definition.summary)."))
        } catch {
            var failure = FolioError.from(error)
            // The parser blames the level by its direction (`below`); on this page that is the level box.
            if ["above", "below"].contains(failure.field ?? "") { failure.field = "level" }
            let field = ["symbol", "direction", "level"].contains(failure.field ?? "") ? failure.field! : "general"
            form.errors[field] = failure.line
            return await show(
                request, context: context, owner: owner, form: form,
                status: WebResponses.status(for: failure))
        }
    }
}
