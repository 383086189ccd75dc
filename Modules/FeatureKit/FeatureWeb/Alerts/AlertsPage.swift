import AlertRules
import Alerting
import Failures
import FeatureKit
import Foundation
import Hummingbird
import Timing

/// `/alerts`: every alert with its state and a remove button that asks first, a form for each kind, then this
/// server's recent firings.
struct AlertsPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    /// The page; after a refused form (`attempt`) it answers 422 with that form as typed and its refusal.
    func show(
        _ request: Request, context: WebRequestContext, attempt: AlertForms.Attempt? = nil
    ) async -> Response {
        let listings: [AlertListing]
        let recent: [Firing]
        let desk: AlertDesk
        do {
            desk = try AlertsWeb.desk(environment)
            listings = try await desk.listings()
            recent = await desk.feed.recent()
        } catch {
            return environment.failurePage(FolioError.from(error), title: "Alerts", request: request, context: context)
        }
        var content: HTML =
            "<p class=\"hint\">Add an alert of any kind below; what fires shows in the banner of every page.</p>"
        content += AlertsWeb.table(listings, csrf: context.csrfToken, now: environment.timing.now())
        content += "<h2 id=\"add\">Add an alert</h2>"
        content += AlertForms.forms(desk.kinds, csrf: context.csrfToken, attempt: attempt)
        content += "<h2 id=\"recent\">Fired while this server runs</h2>"
        content +=
            recent.isEmpty
            ? "<p>Nothing has fired since the server started.</p>"
            : "<ul class=\"firings\">"
                + recent.html { firing in
                    let title: HTML = firing.link.map { "<a href=\"\($0)\">\(firing.title)</a>" } ?? "\(firing.title)"
                    return "<li><strong>\(title)</strong> — \(firing.body) \(TimeStamp.html(firing.firedAt))</li>"
                } + "</ul>"
        let status: HTTPResponse.Status = attempt.map { WebResponses.status(for: $0.error) } ?? .ok
        return environment.page("Alerts", request: request, context: context, status: status, content: content)
    }

    /// The first post asks; the confirmed one removes and says so on `/alerts`.
    func remove(
        _ request: Request, context: WebRequestContext
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        let flash: Flash
        do {
            guard let id = Int(fields["id"] ?? "") else {
                throw FolioError(
                    .invalid, "invalid alert number \"\(fields["id"] ?? "")\"", why: "alerts are numbered 1, 2, 3…",
                    field: "id")
            }
            let desk = try AlertsWeb.desk(environment)
            if fields["confirmed"] != "yes" {
                // Removing cannot be undone: the first post only asks.
                guard let alert = try await desk.alert(id) else {
                    throw FolioError(
                        .notFound, "no alert #\(id)", hint: "the list shows the alerts' numbers", field: "id")
                }
                let question: HTML = "Remove alert #\(id): <strong>\(alert.definition.summary)</strong>?"
                let content = Components.confirmation(
                    question, action: "/alerts/remove", csrf: context.csrfToken, fields: [(name: "id", value: "\(id)")],
                    button: "Remove alert #\(id)", cancel: "/alerts")
                return environment.page("Remove alert #\(id)?", request: request, context: context, content: content)
            }
            let removed = try await desk.remove(id)
            flash = Flash(.success, "Removed alert #\(removed.id): \(removed.definition.summary).")
        } catch {
            flash = Flash(.error, FolioError.from(error).line)
        }
        return WebResponses.redirect(to: "/alerts", flash: flash)
    }
}
