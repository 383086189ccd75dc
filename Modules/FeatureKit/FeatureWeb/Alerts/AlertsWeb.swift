import AlertRules
import Alerting
import Failures
import FeatureKit
import Foundation
import Hummingbird

/// The host's alerts on `folio serve`: `/alerts` lists every feature's alerts with their state and this
/// server's recent firings, adds one of any kind through the kind's own form (the parser `folio alerts add`
/// uses), removes one after a confirmation, and `/alerts/events` streams firings to the banner every page
/// carries. `GET /api/alerts` is `folio alerts list --format json`; `POST /api/alerts` adds one.
public enum AlertsWeb {
    /// The entry the host adds to its web features.
    public static let feature = WebFeature(
        id: AlertStore.namespace, navigation: NavigationEntry(title: "Alerts", path: "/alerts"),
        openAPIPaths: ["/api/alerts": apiOperations],
        routes: { router, environment in
            router.get("/alerts") { request, context in
                await AlertsPage(environment: environment).show(request, context: context)
            }
            router.post("/alerts/add", use: AlertForms(environment: environment).add)
            router.post("/api/alerts") { request, context in
                await AlertForms(environment: environment).create(request, context: context)
            }
            router.post("/alerts/remove", use: AlertsPage(environment: environment).remove)
            router.get("/alerts/events") { request, _ in await AlertEvents(environment: environment).response(request) }
            router.get("/api/alerts") { _, _ in
                do {
                    return WebResponses.json(encoding: try await desk(environment).listings())
                } catch {
                    return WebResponses.problem(FolioError.from(error))
                }
            }
        })

    /// The live region every page carries for firings, and the button that asks for notifications: filled and
    /// shown by `/assets/folio.js` only, so without JavaScript it is an empty region and `/alerts` lists firings.
    public static let banner: HTML = """
        <div class="alert-banner" data-alert-events="/alerts/events"><p class="alert-live" role="status" aria-live="polite"></p>\
        <button type="button" class="secondary" data-allow-notifications hidden>Allow notifications</button></div>
        """

    /// The host's alerts, or the refusal a server without them gives.
    /// - Throws: ``FolioError`` (unavailable) when the host keeps no alerts.
    public static func desk(_ environment: WebEnvironment) throws -> AlertDesk {
        guard let alerts = environment.alerts else {
            throw FolioError(.unavailable, "alerts are not kept by this server", why: "the host gave it no alert store")
        }
        return alerts
    }

    /// Alerts as a table, each with a remove button posting to `/alerts/remove` (which asks first), for `/alerts`
    /// and a feature's page of its own kinds.
    public static func table(_ listings: [AlertListing], csrf: String, now: Date) -> HTML {
        Components.table(
            caption: listings.isEmpty ? "No alerts yet." : "Alerts",
            headers: ["#", "Kind", "Condition", "Status", "Fired", "Last fired", ""], numeric: [0, 4],
            rows: listings.map { alert in
                let remove = Components.postForm(
                    action: "/alerts/remove", csrf: csrf, class: "inline",
                    "<input type=\"hidden\" name=\"id\" value=\"\(alert.id)\"><button type=\"submit\" class=\"secondary\" "
                        + "aria-label=\"Remove alert \(alert.id)\">Remove</button>")
                let last: HTML =
                    alert.lastFiredAt.map { "\(TimeStamp.html($0)) (\(TimeStamp.age(of: $0, now: now)))" } ?? "never"
                return [
                    "\(alert.id)", "\(alert.kind)", "\(alert.condition)", "\(alert.status)", "\(alert.firings)", last,
                    remove,
                ]
            }, id: "alerts")
    }

    /// `GET` and `POST /api/alerts` in the OpenAPI document.
    static var apiOperations: JSONValue {
        var operations: [String: JSONValue] = ["post": AlertForms.createOperation]
        if case .object(let get) = JSONValue.openAPIGet(
            "Every alert with its state, as `folio alerts list --format json`.",
            response: OpenAPISchema.array(listingSchema))
        {
            operations.merge(get) { first, _ in first }
        }
        return .object(operations)
    }

    /// ``AlertListing`` in the OpenAPI document.
    static let listingSchema = OpenAPISchema.object(
        [
            "id": OpenAPISchema.integer, "kind": OpenAPISchema.string, "feature": OpenAPISchema.string,
            "condition": OpenAPISchema.string, "status": OpenAPISchema.string, "firings": OpenAPISchema.integer,
            "lastFiredAt": OpenAPISchema.nullable(OpenAPISchema.dateTime),
        ],
        required: ["id", "kind", "feature", "condition", "status", "firings", "lastFiredAt"])
}
