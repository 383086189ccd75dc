import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import StockTrading

/// `/stocks/alerts`: the alerts from the service, with add, remove and re-arm forms. A refusal (an unknown
/// symbol, a bad level, a direction other than above or below) is shown next to its field, what was typed
/// stays, and nothing is stored.
enum AlertsPage {
    struct AlertForm: Sendable {
        var symbol = ""
        var direction = "above"
        var level = ""
        var errors: [String: String] = [:]
    }

    static func show(
        _ request: Request, context: WebRequestContext, environment: WebEnvironment, owner: Session,
        form: AlertForm = AlertForm(), status: HTTPResponse.Status = .ok
    ) async -> Response {
        let rows: [AlertRow]
        do {
            rows = try await StocksWebServices.make(environment).alerts.list(for: owner)
        } catch {
            return environment.failurePage(FolioError.from(error), title: "Price alerts", request: request, context: context)
        }
        var content = StockTradingWeb.subnavigation(owner, csrf: context.csrfToken)
        content += Components.table(
            caption: rows.isEmpty ? "No alerts yet." : nil,
            headers: ["#", "Symbol", "Condition", "Status", "Last seen", ""], numeric: [0, 4],
            rows: rows.map { row in
                let hidden: HTML = "<input type=\"hidden\" name=\"id\" value=\"\(row.id)\">"
                let rearm: HTML = row.status == PriceAlert.Status.fired.rawValue
                    ? Components.postForm(
                        action: "/stocks/alerts/rearm", csrf: context.csrfToken, class: "inline",
                        hidden + "<button type=\"submit\" class=\"secondary\">Re-arm</button>")
                    : .empty
                let remove = Components.postForm(
                    action: "/stocks/alerts/remove", csrf: context.csrfToken, class: "inline",
                    hidden + "<button type=\"submit\" class=\"secondary\" aria-label=\"Remove alert \(row.id)\">Remove</button>")
                return [
                    "\(row.id)", "\(row.symbol)", "\(row.direction) \(Dollars.text(row.level))", "\(row.status)",
                    "\(row.referencePrice.map { Dollars.text($0) } ?? "—")", rearm + remove,
                ]
            }, id: "alerts")
        var fields = form.errors["general"].map { Components.notice($0, kind: "error") } ?? .empty
        fields += Components.field("symbol", label: "Symbol", value: form.symbol, error: form.errors["symbol"], placeholder: "AAPL", attributes: " required")
        fields += Components.select(
            "direction", label: "When the price goes", options: [(value: "above", title: "above"), (value: "below", title: "below")],
            selected: form.direction)
        if let direction = form.errors["direction"] { fields += "<span class=\"field-error\" id=\"direction-error\">\(direction)</span>" }
        fields += Components.field("level", label: "Level ($)", value: form.level, error: form.errors["level"], placeholder: "180", attributes: " inputmode=\"decimal\" required")
        fields += "<button type=\"submit\">Add alert</button>"
        content += "<h2 id=\"add\">Add an alert</h2>" + Components.postForm(action: "/stocks/alerts/add", csrf: context.csrfToken, fields)
        return environment.page("Price alerts", request: request, context: context, status: status, content: content)
    }

    static func add(
        _ request: Request, context: WebRequestContext, environment: WebEnvironment, owner: Session
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        var form = AlertForm(symbol: fields["symbol"] ?? "", direction: fields["direction"] ?? "", level: fields["level"] ?? "")
        do {
            let direction = try PriceAlert.Direction(parsing: fields["direction"])
            let level = try TypedInput.priceLevel(form.level)
            let alert = try await StocksWebServices.make(environment).alerts.add(
                symbol: form.symbol, direction: direction, level: level, for: owner)
            let message = "Alert #\(alert.id): \(alert.symbol) \(alert.direction) \(Dollars.text(alert.level))."
            return WebResponses.redirect(to: "/stocks/alerts", flash: Flash(.success, message))
        } catch {
            let failure = FolioError.from(error)
            let field = ["symbol", "direction", "level"].contains(failure.field ?? "") ? failure.field! : "general"
            form.errors[field] = failure.line
            return await show(
                request, context: context, environment: environment, owner: owner, form: form,
                status: WebResponses.status(for: failure))
        }
    }

    /// `remove` or `rearm` alert `id`; the outcome is the next page's message.
    static func change(
        rearm: Bool, _ request: Request, context: WebRequestContext, environment: WebEnvironment, owner: Session
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        let flash: Flash
        do {
            guard let id = Int(fields["id"] ?? "") else {
                throw FolioError(.invalid, "invalid alert number \"\(fields["id"] ?? "")\"", why: "alerts are numbered 1, 2, 3…", field: "id")
            }
            let alerts = try await StocksWebServices.make(environment).alerts
            if !rearm, fields["confirmed"] != "yes" {
                // Removing is the one step that cannot be undone: the first post only asks.
                guard let alert = try await alerts.list(for: owner).first(where: { $0.id == id }) else {
                    throw FolioError(.notFound, "no alert #\(id)", hint: "the list shows your alerts' numbers", field: "id")
                }
                let question: HTML = "Remove alert #\(alert.id): <strong>\(alert.symbol) \(alert.direction) \(Dollars.text(alert.level))</strong>?"
                let content = Components.confirmation(
                    question, action: "/stocks/alerts/remove", csrf: context.csrfToken, fields: [(name: "id", value: "\(id)")],
                    button: "Remove alert #\(id)", cancel: "/stocks/alerts")
                return environment.page("Remove alert #\(id)?", request: request, context: context, content: content)
            }
            let alert = rearm ? try await alerts.rearm(id, for: owner) : try await alerts.remove(id, for: owner)
            let condition = "\(alert.symbol) \(alert.direction) \(Dollars.text(alert.level))"
            flash = Flash(.success, rearm ? "Re-armed alert #\(alert.id): \(condition)." : "Removed alert #\(alert.id): \(condition).")
        } catch {
            flash = Flash(.error, FolioError.from(error).line)
        }
        return WebResponses.redirect(to: "/stocks/alerts", flash: flash)
    }
}
