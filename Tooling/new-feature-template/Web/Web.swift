import Failures
import FeatureKit
import FeatureWeb
import Hummingbird
import __NAME__

/// The __NAME__ pages: `/__ID__` (the notes) and `/api/__ID__/notes` (what `folio __ID__ list --format json` prints).
public enum __NAME__Web {
    /// The feature's web face.
    public static let feature = WebFeature(
        id: "__ID__", navigation: NavigationEntry(title: "__NAME__", path: "/__ID__"),
        openAPIPaths: [
            "/api/__ID__/notes": .openAPIGet(
                "The notes, oldest first (folio __ID__ list --format json).",
                response: OpenAPISchema.array(
                    OpenAPISchema.record(["text": OpenAPISchema.string, "createdAt": OpenAPISchema.dateTime])))
        ],
        routes: { router, environment in
            router.get("/__ID__") { request, context in await page(request, context: context, environment: environment)
            }
            router.get("/api/__ID__/notes") { _, _ in
                do {
                    return WebResponses.json(encoding: try await service(environment).notes().notes)
                } catch {
                    return WebResponses.problem(FolioError.from(error))
                }
            }
        })

    static func service(_ environment: WebEnvironment) throws -> __NAME__Service {
        guard let context = environment.featureContext else {
            throw FolioError(.unavailable, "the __ID__ feature is not enabled")
        }
        return __NAME__Service(store: context.store, timing: context.timing)
    }

    static func page(_ request: Request, context: WebRequestContext, environment: WebEnvironment) async -> Response {
        let report: __NAME__NotesReport
        do {
            report = try await service(environment).notes()
        } catch {
            return environment.failurePage(
                FolioError.from(error), title: "__NAME__", request: request, context: context)
        }
        let items: HTML =
            report.notes.isEmpty
            ? "<p>No notes yet. Add one with <code>folio __ID__ add TEXT</code>.</p>"
            : "<ul>" + report.notes.html { "<li>\($0.text)</li>" } + "</ul>"
        return environment.page("__NAME__", request: request, context: context, content: items)
    }
}
